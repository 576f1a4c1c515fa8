import {
  AtSign,
  Calendar,
  Globe,
  Hash,
  IdCard,
  KeyRound,
  Lock,
  Mail,
  MapPin,
  Phone,
  Ruler,
  Search,
  User,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { InputAdornments } from '@contracts/forms/adornments';

/**
 * Icons an input resource may name (its IconClass, a lucide name). Only these are bundled, so the form's chunk does not
 * carry the whole icon set; a name without an entry draws no icon rather than a wrong one.
 */
const inputIcons: Readonly<Record<string, LucideIcon>> = {
  'at-sign': AtSign,
  calendar: Calendar,
  globe: Globe,
  hash: Hash,
  'id-card': IdCard,
  'key-round': KeyRound,
  lock: Lock,
  mail: Mail,
  'map-pin': MapPin,
  phone: Phone,
  ruler: Ruler,
  search: Search,
  user: User,
};

/** What a labelled field takes around its input (LabelledField's adornments), drawn from the adornments' data. */
export type AdornmentProps = {
  startAddon?: ReactNode;
  endAddon?: ReactNode;
  startElement?: ReactNode;
  endElement?: ReactNode;
};

/** The prefix and suffix as texts joined to the input, the icon inside it at its side (decorative: hidden from readers). */
export function adornmentProps(adornments: InputAdornments): AdornmentProps {
  const Icon = adornments.icon === undefined ? undefined : inputIcons[adornments.icon.name];
  const icon = Icon === undefined ? undefined : <Icon size={16} aria-hidden="true" data-icon={adornments.icon?.name} />;
  return {
    ...(adornments.prefix === undefined ? {} : { startAddon: adornments.prefix }),
    ...(adornments.suffix === undefined ? {} : { endAddon: adornments.suffix }),
    ...(icon !== undefined && adornments.icon?.side === 'start' && { startElement: icon }),
    ...(icon !== undefined && adornments.icon?.side === 'end' && { endElement: icon }),
  };
}
