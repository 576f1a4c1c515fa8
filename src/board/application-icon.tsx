import { Activity, AppWindow, FileText, HeartPulse, LayoutDashboard, Wallet, type LucideIcon } from 'lucide-react';

/**
 * Icons by identifier (the `Global_List_Icons` values are lucide names). Only the ones in use are bundled; an
 * identifier without an entry shows the generic application icon rather than loading the whole icon set.
 */
const icons: Record<string, LucideIcon> = {
  activity: Activity,
  'file-text': FileText,
  'heart-pulse': HeartPulse,
  'layout-dashboard': LayoutDashboard,
  wallet: Wallet,
};

export function ApplicationIcon({ identifier }: { identifier: string }) {
  const Icon = icons[identifier] ?? AppWindow;
  return <Icon size={40} aria-hidden="true" />;
}
