import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

/**
 * The desktop header's submenus (WCAG 2.2 1.4.13, content on hover or focus): dismissible with
 * Escape, hoverable, persistent, with the state on the toggle button; and open without JavaScript.
 */

test.use({ viewport: { width: 1280, height: 800 } });

const parts = (page: Page) => {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  return {
    parent: nav.getByRole('link', { name: 'Products', exact: true }),
    toggle: nav.getByRole('button', { name: 'Products submenu' }),
    submenu: nav.locator('.main-menu__sub'),
  };
};

/** The pointer to a corner of the window, far from the menu (the open submenu may cover the page's middle). */
const moveAway = (page: Page) => page.mouse.move(1270, 790);

/** Reaches the menu's first item with the keyboard, as a visitor does (focus after the languages). */
async function tabToMenu(page: Page): Promise<void> {
  await page.locator('.locale-switcher a').last().focus();
  await page.keyboard.press('Tab');
}

test('keyboard: focus opens the submenu, Escape closes it and keeps focus, the toggle reopens it', async ({ page, consoleErrors }) => {
  await page.goto('/en');
  await hydrated(page);
  const { parent, toggle, submenu } = parts(page);
  await expect(submenu).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await tabToMenu(page);
  await expect(parent).toBeFocused();
  await expect(submenu).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  await page.keyboard.press('Escape');
  await expect(submenu).toBeHidden();
  await expect(parent).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // Dismissed, it stays closed while focus moves within the item; the toggle opens it again.
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await expect(submenu).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(submenu).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  // Escape from inside the submenu: focus returns to the toggle, not to a hidden link.
  await page.keyboard.press('Tab');
  await expect(submenu.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(submenu).toBeHidden();
  await expect(toggle).toBeFocused();

  // Leaving the item closes it; coming back opens it.
  await page.keyboard.press('Enter');
  const links = await submenu.getByRole('link').count();
  for (let i = 0; i <= links; i++) await page.keyboard.press('Tab');
  await expect(submenu).toBeHidden();
  await page.keyboard.press('Shift+Tab');
  await expect(submenu).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('pointer: hovering opens it, the pointer can move onto it, Escape closes it where the pointer rests', async ({ page }) => {
  await page.goto('/en');
  await hydrated(page);
  const { parent, toggle, submenu } = parts(page);
  await parent.hover();
  await expect(submenu).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  // Hoverable: the pointer moves down onto the submenu and back without it closing.
  // Step by step, so a gap between item and submenu would show.
  const from = (await parent.boundingBox())!;
  const to = (await submenu.getByRole('link').last().boundingBox())!;
  await page.mouse.move(from.x + 10, from.y + from.height / 2);
  await page.mouse.move(to.x + 10, to.y + to.height / 2, { steps: 25 });
  await expect(submenu).toBeVisible();
  await parent.hover();
  await expect(submenu).toBeVisible();

  // Dismissible: Escape closes it with the pointer still on the item, and it stays closed there.
  await page.keyboard.press('Escape');
  await expect(submenu).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await parent.hover({ position: { x: 2, y: 2 } });
  await expect(submenu).toBeHidden();

  // Leaving and coming back opens it; leaving closes it.
  await moveAway(page);
  await parent.hover();
  await expect(submenu).toBeVisible();
  await moveAway(page);
  await expect(submenu).toBeHidden();
});

test('touch: the toggle opens and closes the submenu', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: false });
  const page = await context.newPage();
  await page.goto('/en');
  await hydrated(page);
  const { toggle, submenu } = parts(page);
  await toggle.tap();
  await expect(submenu).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.tap();
  await expect(submenu).toBeHidden();
  await context.close();
});

test('without JavaScript the submenu opens on hover and on focus', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/en');
  const { parent, submenu } = parts(page);
  await expect(submenu).toBeHidden();
  await parent.hover();
  await expect(submenu).toBeVisible();
  await moveAway(page);
  await expect(submenu).toBeHidden();
  await tabToMenu(page);
  await expect(parent).toBeFocused();
  await expect(submenu).toBeVisible();
  await context.close();
});
