import {
  Activity,
  AppWindow,
  Building2,
  Bug,
  CircleHelp,
  FileText,
  Handshake,
  HeartPulse,
  KeyRound,
  Waypoints,
  LayoutDashboard,
  LayoutGrid,
  LayoutTemplate,
  ScrollText,
  TextCursorInput,
  Users,
  Wallet,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react';

/**
 * The icons the portal's data may name, by their lucide name: an application's `IconIdentifier` (the
 * `Global_List_Icons` values) and a menu entry's `ImageName` (public-and-profile §2 "Portal menu"). Only these are
 * bundled, not the whole icon set; each caller decides what an unknown name shows.
 */
const namedIcons: Readonly<Record<string, LucideIcon>> = {
  activity: Activity,
  'app-window': AppWindow,
  'building-2': Building2,
  bug: Bug,
  'circle-help': CircleHelp,
  'file-text': FileText,
  handshake: Handshake,
  'heart-pulse': HeartPulse,
  'key-round': KeyRound,
  'layout-dashboard': LayoutDashboard,
  'layout-grid': LayoutGrid,
  'layout-template': LayoutTemplate,
  'scroll-text': ScrollText,
  'text-cursor-input': TextCursorInput,
  users: Users,
  wallet: Wallet,
  waypoints: Waypoints,
};

const keyOf = (name: string) => name.trim().toLowerCase();

/** Whether the portal has an icon for the name (case and surrounding spaces ignored). */
export const hasNamedIcon = (name: string): boolean => Object.hasOwn(namedIcons, keyOf(name));

/**
 * The icon a name stands for, decorative (`aria-hidden`: the caption beside it names the thing). For a name the
 * portal has no icon for, the `fallback` icon, or nothing at all: never a broken image.
 */
export function NamedIcon({ name, fallback, ...props }: { name: string; fallback?: LucideIcon } & LucideProps) {
  const Icon = hasNamedIcon(name) ? namedIcons[keyOf(name)] : fallback;
  return Icon === undefined ? null : <Icon aria-hidden="true" {...props} />;
}
