// The axe check itself: it judges a screen as people see it once its animations end. A toast
// still fading in failed color-contrast in CI (admin-home); this is the check that would have
// caught the cause in the fixture rather than in a flaky journey.
import { expect, test, expectAccessible } from './support/fixtures.ts';

const fadingIn = `<html lang="en"><head><title>Fading in</title><style>
@keyframes fade { from { opacity: 0.2 } to { opacity: 1 } }
.toast { animation: fade 20s linear; background: #fff; color: #333 }
</style></head><body><main><p class="toast">Slide saved</p></main></body></html>`;

test('axe judges text that is still fading in at its final opacity, and the animation is not replayed', async ({ page }) => {
  await page.setContent(fadingIn);
  await expectAccessible(page, 'a toast fading in');
  expect(await page.evaluate(() => document.getAnimations().every((a) => a.playState === 'finished'))).toBe(true);
  expect(await page.locator('style').count()).toBe(1);
});
