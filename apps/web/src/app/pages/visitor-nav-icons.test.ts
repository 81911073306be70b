import { describe, expect, it } from 'vitest';
import { sidebarSections, type NavItem } from './derive-nav';
import { PAGES } from './page-table';
import { VISITOR_NAV_ICONS } from './visitor-nav-icons';

const iconsOf = (items: readonly NavItem[]): string[] => items.flatMap((item) => [item.icon ?? '', ...iconsOf(item.children ?? [])]);

describe("the visitor's sidebar icons", () => {
  const visitorIcons = sidebarSections(PAGES, { isAuthenticated: false, roles: [] }).flatMap((section) => iconsOf(section.items));

  it('are all drawn with the first paint (none waits for the staff icons)', () => {
    expect(visitorIcons.length).toBeGreaterThan(0);
    for (const icon of visitorIcons) expect(Object.keys(VISITOR_NAV_ICONS), `the visitor's "${icon}" icon`).toContain(icon);
  });

  it('are all the first load carries: no icon only staff see', () => {
    expect(Object.keys(VISITOR_NAV_ICONS).sort()).toEqual([...new Set(visitorIcons)].sort());
  });
});
