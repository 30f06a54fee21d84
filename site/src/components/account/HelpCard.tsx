import { SUPPORT_EMAIL } from '../../lib/support.ts';
import Section from './Section.tsx';

/** 'Need Help?' with the support contact (docs/product.md §2 /account, docs/choices.md 1). */
export default function HelpCard() {
  return (
    <Section title="Need Help?">
      <p className="muted">Questions about your account, your cards or your plan? Write to us and a person will answer.</p>
      <a className="btn btn-block" href={`mailto:${SUPPORT_EMAIL}`}>
        {SUPPORT_EMAIL}
      </a>
    </Section>
  );
}
