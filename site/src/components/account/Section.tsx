import { useId, type ReactNode } from 'react';

interface Props {
  title: string;
  description?: string;
  children: ReactNode;
  /** Extra class, e.g. for a tinted card. */
  className?: string;
}

/** One titled card on /account, labelled by its heading for screen readers. */
export default function Section({ title, description, children, className }: Props) {
  const id = useId();
  return (
    <section className={`card account-section ${className ?? ''}`} aria-labelledby={id}>
      <h2 id={id} className="account-section-title">
        {title}
      </h2>
      {description && <p className="muted account-section-desc">{description}</p>}
      {children}
    </section>
  );
}
