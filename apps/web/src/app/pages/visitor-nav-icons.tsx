import type { SvgIconComponent } from '@mui/icons-material';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import StackedLineChartIcon from '@mui/icons-material/StackedLineChart';
import BatteryChargingFullOutlinedIcon from '@mui/icons-material/BatteryChargingFullOutlined';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import type { NavIconName } from './page-access';

/**
 * The icons of the sidebar a visitor sees (its public pages), drawn with the first paint. The
 * others (NAV_ICONS, the facility types) load with the first sidebar that shows one, so the
 * visitor's first load does not carry them; a test keeps this list equal to the visitor's sidebar.
 */
export const VISITOR_NAV_ICONS: Partial<Record<NavIconName, SvgIconComponent>> = {
  map: MapOutlinedIcon,
  compare: StackedLineChartIcon,
  battery: BatteryChargingFullOutlinedIcon,
  summary: TableChartOutlinedIcon,
  camera: PhotoCameraOutlinedIcon,
};
