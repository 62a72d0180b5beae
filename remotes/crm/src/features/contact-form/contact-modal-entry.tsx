import type { RemoteModalProps } from '@atrium/contracts';
import type { Contact } from '@atrium/domain-crm';
import { ContactModal } from './contact-modal';

/** The 'contact' modal other apps open through the bus ('+ New' → Contact). */
export default function ContactModalEntry({ onClose, data }: RemoteModalProps) {
  const contact = (data as { contact?: Contact } | undefined)?.contact ?? null;
  return <ContactModal contact={contact} onClose={onClose} />;
}
