import { site } from '../content/site';
import { ui } from '../content/ui';
import { telHref, whatsappHref } from '../lib/format';

type ContactActionsProps = {
  /** Where the "Enquire" button goes: the form on this page, or the contact page. */
  enquireHref?: string;
  enquireLabel?: string;
  callLabel?: string;
};

/** The three ways to reach the institute now: form, call, WhatsApp. */
export function ContactActions({ enquireHref, enquireLabel = ui.actions.enquire, callLabel }: ContactActionsProps) {
  return (
    <div className="contact-actions">
      {enquireHref && (
        <a className="button button--primary" href={enquireHref}>
          {enquireLabel}
        </a>
      )}
      <a className="button" href={telHref(site.phone)}>
        {callLabel ?? `${ui.actions.call} ${site.shortName}`}
      </a>
      <a className="button" href={whatsappHref(site.whatsapp, ui.actions.whatsappMessage)}>
        {ui.actions.whatsapp}
      </a>
    </div>
  );
}
