import type { SharedScreen } from './define';
import index from './index';
import blog from './blog';
import blogArticle from './blogArticle';
import b2b from './b2b';
import faq from './faq';
import faqItem from './faqItem';
import product from './product';
import categories from './categories';
import page from './page';
import search from './search';
import inquiry from './inquiry';
import service from './service';
import contact from './contact';
import imprint from './imprint';
import newsletter from './newsletter';
import newsletterConfirm from './newsletterConfirm';
import newsletterUnsubscribe from './newsletterUnsubscribe';
import login from './login';
import register from './register';
import verify from './verify';
import passwordReset from './passwordReset';
import profile from './profile';
import verifyEmail from './verifyEmail';
import accountDelete from './accountDelete';
import slug from './slug';

/**
 * Every screen of the site, by route name, in the order the route tree lists them (equal matches go to
 * the first, as react-router ranks siblings). A new screen: its module in this folder, its server half
 * in server/site/screens/, its component in client/pages/, and its name here and in server/site/screens/all.ts.
 */
export const SCREENS = {
  index,
  blog,
  blogArticle,
  b2b,
  faq,
  faqItem,
  product,
  categories,
  page,
  search,
  inquiry,
  service,
  contact,
  imprint,
  newsletter,
  newsletterConfirm,
  newsletterUnsubscribe,
  login,
  register,
  verify,
  passwordReset,
  profile,
  verifyEmail,
  accountDelete,
  slug,
} as const;

/** One fact of every screen, by route name. */
export type ScreenFacts<K extends keyof SharedScreen> = { readonly [N in keyof typeof SCREENS]: (typeof SCREENS)[N][K] };

/**
 * One fact of every screen: the tables the rest of the site reads (the route table, the traits, the
 * namespaces, the page modules) are made with it, never written by hand.
 */
export function screenFacts<K extends keyof SharedScreen>(fact: K): ScreenFacts<K> {
  return Object.fromEntries(Object.entries(SCREENS).map(([name, screen]) => [name, screen[fact]])) as ScreenFacts<K>;
}
