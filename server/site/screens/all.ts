import type { ScreenModules } from '../routing/loaders';
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
 * Every screen's server half, by route name: its loader (data, head, structured data), its action,
 * its freshness. Typed by the route table, so a screen of shared/screens/all.ts without its server
 * half here, or one that takes a post without an action, does not compile.
 */
export const SCREEN_MODULES: ScreenModules = {
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
};
