/** The icon of each side-navigation item (keys are MENU[].icon in shared/domain/permissions.ts). */
import AddCircleOutline from '@mui/icons-material/AddCircleOutlined';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Assessment from '@mui/icons-material/Assessment';
import Assignment from '@mui/icons-material/Assignment';
import Backup from '@mui/icons-material/Backup';
import Build from '@mui/icons-material/Build';
import Business from '@mui/icons-material/Business';
import Category from '@mui/icons-material/Category';
import Dashboard from '@mui/icons-material/Dashboard';
import Forum from '@mui/icons-material/ForumOutlined';
import HistoryIcon from '@mui/icons-material/History';
import Inventory2 from '@mui/icons-material/Inventory2';
import LocalShipping from '@mui/icons-material/LocalShipping';
import MapIcon from '@mui/icons-material/Map';
import People from '@mui/icons-material/People';
import Policy from '@mui/icons-material/Policy';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Storefront from '@mui/icons-material/Storefront';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Task from '@mui/icons-material/Task';
import WaterDrop from '@mui/icons-material/WaterDrop';
import type { ReactElement } from 'react';

const ICONS: Record<string, ReactElement> = {
  dashboard: <Dashboard />,
  requests: <Assignment />,
  add: <AddCircleOutline />,
  users: <People />,
  roles: <AdminPanelSettings />,
  regions: <MapIcon />,
  customers: <Business />,
  tasks: <Task />,
  history: <HistoryIcon />,
  audit: <Policy />,
  maintenance: <WaterDrop />,
  products: <Category />,
  messages: <Forum />,
  system: <Backup />,
  // Issue 37: the technician's van (My Van)
  van: <LocalShipping />,
  // Issue 37: stock
  stock: <Inventory2 />,
  parts: <Build />,
  transfers: <SwapHoriz />,
  purchases: <ReceiptLong />,
  suppliers: <Storefront />,
  // Issue 38: reports
  reports: <Assessment />,
};

export function navIcon(name: string): ReactElement {
  return ICONS[name] ?? <Dashboard />;
}
