import { lazy, Suspense } from 'react';
import { Box } from '@mui/material';
import type { FacilityTypeIconName, NavIconName } from '../pages/page-access';
import { VISITOR_NAV_ICONS } from '../pages/visitor-nav-icons';

// Every other icon of the sidebar (staff pages, facility types) in one chunk, loaded when first drawn.
const StaffNavIcon = lazy(async () => {
  const { FACILITY_TYPE_ICONS, NAV_ICONS } = await import('../pages/nav-icons');
  function StaffNavIcon({ icon, iconName }: { icon?: NavIconName; iconName?: FacilityTypeIconName }) {
    const Icon = iconName ? FACILITY_TYPE_ICONS[iconName] : icon ? NAV_ICONS[icon] : undefined;
    return Icon ? <Icon fontSize="small" /> : null;
  }
  return { default: StaffNavIcon };
});

/** A sidebar entry's icon: a facility type's by its icon name, else the page's; the space of one while it loads. */
export function NavIcon({ icon, iconName }: { icon?: NavIconName; iconName?: FacilityTypeIconName }) {
  const VisitorIcon = !iconName && icon ? VISITOR_NAV_ICONS[icon] : undefined;
  if (VisitorIcon) return <VisitorIcon fontSize="small" />;
  return (
    <Suspense fallback={<Box component="span" sx={{ display: 'inline-block', width: 20, height: 20 }} />}>
      <StaffNavIcon icon={icon} iconName={iconName} />
    </Suspense>
  );
}
