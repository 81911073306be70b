import type { SvgIconComponent } from '@mui/icons-material';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import PhoneIphoneOutlinedIcon from '@mui/icons-material/PhoneIphoneOutlined';
import FactoryOutlinedIcon from '@mui/icons-material/FactoryOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import StackedLineChartIcon from '@mui/icons-material/StackedLineChart';
import BatteryChargingFullOutlinedIcon from '@mui/icons-material/BatteryChargingFullOutlined';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import SensorsOutlinedIcon from '@mui/icons-material/SensorsOutlined';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import WaterIcon from '@mui/icons-material/Water';
import WavesIcon from '@mui/icons-material/Waves';
import OpacityIcon from '@mui/icons-material/Opacity';
import PropaneIcon from '@mui/icons-material/Propane';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import StraightenIcon from '@mui/icons-material/Straighten';
import WaterDropOutlinedIcon from '@mui/icons-material/WaterDropOutlined';
import type { FacilityTypeIconName, NavIconName } from './page-access';

export const NAV_ICONS: Record<NavIconName, SvgIconComponent> = {
  map: MapOutlinedIcon,
  mobile: PhoneIphoneOutlinedIcon,
  home: HomeOutlinedIcon,
  facilityType: FactoryOutlinedIcon,
  facility: PlaceOutlinedIcon,
  download: DownloadOutlinedIcon,
  compare: StackedLineChartIcon,
  battery: BatteryChargingFullOutlinedIcon,
  summary: TableChartOutlinedIcon,
  review: FactCheckOutlinedIcon,
  settings: SettingsOutlinedIcon,
  users: GroupOutlinedIcon,
  scada: SensorsOutlinedIcon,
  camera: PhotoCameraOutlinedIcon,
  list: ListAltOutlinedIcon,
  profile: AccountCircleOutlinedIcon,
  lock: LockOutlinedIcon,
};

/** Facility-type icons by the lookup's icon_name (FACILITY_TYPE_ICON_NAMES). */
export const FACILITY_TYPE_ICONS: Record<FacilityTypeIconName, SvgIconComponent> = {
  Water: WaterIcon,
  Waves: WavesIcon,
  Opacity: OpacityIcon,
  Propane: PropaneIcon,
  CallSplit: CallSplitIcon,
  Straighten: StraightenIcon,
  WaterDrop: WaterDropOutlinedIcon,
};
