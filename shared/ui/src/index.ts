// The full UI package (a federation singleton): everything in './core' plus the overlays, menus, selects,
// tables and the app shell. Mantine reaches every app only through this package, and only the parts the
// product uses: the shared chunk stays small because unlisted components are tree-shaken away.
export * from './core';
export * from './form';
export {
  ActionIcon,
  AppShell,
  Autocomplete,
  Avatar,
  Badge,
  Burger,
  CloseButton,
  ColorInput,
  ColorSwatch,
  Drawer,
  FileButton,
  Indicator,
  Kbd,
  Menu,
  Modal,
  NavLink,
  Pagination,
  Popover,
  Progress,
  Radio,
  ScrollArea,
  SegmentedControl,
  Select,
  Stepper,
  Switch,
  Table,
  Tabs,
  Textarea,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
export {
  IconAlertTriangle,
  IconBuilding,
  IconCheck,
  IconChevronLeft,
  IconChevronRight,
  IconCopy,
  IconDeviceDesktop,
  IconDotsVertical,
  IconDownload,
  IconFile,
  IconLayoutKanban,
  IconList,
  IconLogout,
  IconMoon,
  IconPaperclip,
  IconPencil,
  IconPlus,
  IconSearch,
  IconSelector,
  IconSettings,
  IconSun,
  IconTrash,
  IconUpload,
  IconUser,
  IconX,
} from '@tabler/icons-react';

export { ConfirmDialog, DeleteConfirmDialog } from './confirm-dialog';
export { DraggableModal, type DraggableModalProps } from './draggable-modal';
export { NavIcon } from './icons';
export { ChipMultiSelect, visibleChips, type MultiSelectOption } from './inputs/chip-multi-select';
export { SearchableSelect } from './inputs/searchable-select';
export { AddressFields } from './inputs/address-fields';
export { FilterBuilder, type FilterBuilderField } from './inputs/filter-builder';
export { dateFormatters, formatDay, formatInstant, formatPeriod } from './dates';
export { formatCount } from './numbers';
export { downloadText } from './download';
export { WidgetError, WidgetSkeleton } from './widget-states';
export { ListFilters } from './list-filters';
export { useUrlSearch } from './use-url-search';
export { useListSelection } from './use-list-selection';
export { SortHeader } from './sort-header';
export { SelectionBar } from './selection-bar';
export { SelectAllHeader } from './select-all-header';
export { LoadError } from './load-error';
export { AgendaList, splitAgenda, type AgendaItem } from './agenda-list';
export { useCsvExport } from './use-csv-export';
export { SignaturePad, SIGNATURE_MAX_CHARS, TYPED_SIGNATURE_MAX, type SignatureValue } from './signature-pad';
export {
  GoogleCalendarCard,
  type CalendarConnectionCalls,
  type CalendarConnectionStatus,
  type CalendarConnectionTexts,
  type GoogleCalendarCardProps,
} from './google-calendar-card';
export {
  GmailCard,
  GmailGateModal,
  type GmailCardProps,
  type GmailGateModalProps,
  type MailboxCalls,
  type MailboxStatus,
  type MailboxTexts,
} from './gmail-card';
