import { AppWindow } from 'lucide-react';
import { NamedIcon } from '../ui/named-icons';

/** An application's card icon by its identifier (src/ui/named-icons.tsx); an unknown one shows the generic icon. */
export function ApplicationIcon({ identifier }: { identifier: string }) {
  return <NamedIcon name={identifier} fallback={AppWindow} size={40} />;
}
