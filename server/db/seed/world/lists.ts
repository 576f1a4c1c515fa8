import { fieldDataTypes, fieldMetaTags } from '@contracts/field-kinds';
import type { Texts } from './types';

export interface DemoListItem {
  key: string;
  value: Texts;
}

const same = (value: string): Texts => ({ 'en-us': value, es: value });

/** Icons an application may show on the board: lucide icon names (kebab-case), with a caption. */
const icons: readonly DemoListItem[] = [
  { key: 'activity', value: { 'en-us': 'Activity', es: 'Actividad' } },
  { key: 'app-window', value: { 'en-us': 'Application window', es: 'Ventana de aplicación' } },
  { key: 'banknote', value: { 'en-us': 'Banknote', es: 'Billete' } },
  { key: 'briefcase', value: { 'en-us': 'Briefcase', es: 'Maletín' } },
  { key: 'building-2', value: { 'en-us': 'Building', es: 'Edificio' } },
  { key: 'calendar-check', value: { 'en-us': 'Calendar', es: 'Calendario' } },
  { key: 'clipboard-list', value: { 'en-us': 'Clipboard', es: 'Portapapeles' } },
  { key: 'file-text', value: { 'en-us': 'Document', es: 'Documento' } },
  { key: 'hand-coins', value: { 'en-us': 'Payments', es: 'Pagos' } },
  { key: 'heart-pulse', value: { 'en-us': 'Health', es: 'Salud' } },
  { key: 'hospital', value: { 'en-us': 'Hospital', es: 'Hospital' } },
  { key: 'landmark', value: { 'en-us': 'Institution', es: 'Institución' } },
  { key: 'layout-dashboard', value: { 'en-us': 'Dashboard', es: 'Panel' } },
  { key: 'life-buoy', value: { 'en-us': 'Support', es: 'Soporte' } },
  { key: 'piggy-bank', value: { 'en-us': 'Savings', es: 'Ahorros' } },
  { key: 'receipt', value: { 'en-us': 'Receipt', es: 'Recibo' } },
  { key: 'shield-check', value: { 'en-us': 'Insurance', es: 'Seguro' } },
  { key: 'stethoscope', value: { 'en-us': 'Medical care', es: 'Atención médica' } },
  { key: 'wallet', value: { 'en-us': 'Wallet', es: 'Cartera' } },
];

/** User-agent fragments of browsers the portal does not support (Internet Explorer, legacy Edge, Opera Mini). */
const notSupportedBrowsers: readonly DemoListItem[] = [
  { key: 'InternetExplorer', value: same('MSIE ') },
  { key: 'InternetExplorer11', value: same('Trident/') },
  { key: 'LegacyEdge', value: same('Edge/') },
  { key: 'OperaMini', value: same('Opera Mini') },
];

const securityQuestions: readonly DemoListItem[] = [
  {
    key: 'FirstPet',
    value: { 'en-us': 'What was the name of your first pet?', es: '¿Cómo se llamaba tu primera mascota?' },
  },
  {
    key: 'ChildhoodStreet',
    value: { 'en-us': 'On which street did you grow up?', es: '¿En qué calle creció?' },
  },
  {
    key: 'FavouriteTeacher',
    value: {
      'en-us': 'What was the surname of your favourite teacher?',
      es: '¿Cuál era el apellido de tu profesor favorito?',
    },
  },
  {
    key: 'BirthCity',
    value: { 'en-us': 'In which city were your parents married?', es: '¿En qué ciudad se casaron tus padres?' },
  },
  {
    key: 'FirstConcert',
    value: { 'en-us': 'What was the first concert you attended?', es: '¿Cuál fue el primer concierto al que asistió?' },
  },
];

/** Global lists, by name; items in display order. Data types and meta tags are codes: the same in both cultures. */
export const demoLists: Readonly<Record<string, readonly DemoListItem[]>> = {
  Global_List_Icons: icons,
  Global_List_DataType: fieldDataTypes.map((type) => ({ key: type, value: same(type) })),
  Global_List_MetaTag: fieldMetaTags.map((tag) => ({ key: tag, value: same(tag) })),
  Global_List_NotSupportedBrowsers: notSupportedBrowsers,
  Global_List_SecurityQuestions: securityQuestions,
};
