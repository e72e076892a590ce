import { fill, telHref, whatsappHref } from '../../shared/format';
import { useLayoutData } from '../lib/use-language';

type ContactActionsProps = {
  /** Where the "Enquire" button goes: the form on this page, or the contact page. */
  enquireHref?: string;
  enquireLabel?: string;
  callLabel?: string;
};

/** The three ways to reach the institute now: form, call, WhatsApp. */
export function ContactActions({ enquireHref, enquireLabel, callLabel }: ContactActionsProps) {
  const { site, ui } = useLayoutData();
  return (
    <div className="contact-actions">
      {enquireHref && (
        <a className="button button--primary" href={enquireHref}>
          {enquireLabel ?? ui.actions.enquire}
        </a>
      )}
      <a className="button" href={telHref(site.phone)}>
        {callLabel ?? fill(ui.actions.callInstitute, { name: site.shortName })}
      </a>
      <a className="button" href={whatsappHref(site.whatsapp, ui.actions.whatsappMessage)}>
        {ui.actions.whatsapp}
      </a>
    </div>
  );
}
