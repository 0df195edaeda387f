/**
 * The `sizes` of each place an image is shown: the width of its box at each breakpoint of
 * client/styles/global.css, so the browser takes the smallest variant that fills it at the screen's
 * density. They follow the CSS: `.container` (1200px at most, inner 1152px; padding 1rem, from 768px
 * 1.5rem) and the grids in it. Change one with the other (tests/e2e/images.spec.ts measures them).
 */
export const IMAGE_SLOTS = {
  /** `.hero__grid`: one column, from 992px two halves with a 2rem gap. */
  hero: '(min-width: 1200px) 560px, (min-width: 992px) calc((100vw - 5rem) / 2), (min-width: 768px) calc(100vw - 3rem), calc(100vw - 2rem)',
  /** `.product__intro`: one column, from 992px the second of 1.1fr and 1fr with a 2rem gap. */
  intro: '(min-width: 1200px) 534px, (min-width: 992px) calc((100vw - 5rem) / 2.1), (min-width: 768px) calc(100vw - 3rem), calc(100vw - 2rem)',
  /** `.grid--2` (the product gallery): from 576px two columns with a 1.5rem gap. */
  half: '(min-width: 1200px) 564px, (min-width: 768px) calc((100vw - 4.5rem) / 2), (min-width: 576px) calc((100vw - 3.5rem) / 2), calc(100vw - 2rem)',
  /** `.grid--3` (cards): from 576px two columns, from 992px three, with 1.5rem gaps. */
  card: '(min-width: 1200px) 368px, (min-width: 992px) calc((100vw - 6rem) / 3), (min-width: 768px) calc((100vw - 4.5rem) / 2), (min-width: 576px) calc((100vw - 3.5rem) / 2), calc(100vw - 2rem)',
  /** `.article__image`: the container's width, 900px at most. */
  article: '(min-width: 948px) 900px, (min-width: 768px) calc(100vw - 3rem), calc(100vw - 2rem)',
  /** `.family`: from 768px a 280px column. */
  family: '(min-width: 768px) 280px, calc(100vw - 2rem)',
} as const;

export type ImageSlot = keyof typeof IMAGE_SLOTS;
