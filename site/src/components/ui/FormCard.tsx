import type { ReactNode } from 'react';

interface Props {
  /** Small caps line above the heading. */
  eyebrow?: string;
  title: string;
  /** One sentence under the heading. */
  lead?: ReactNode;
  children: ReactNode;
  /** Links under the card body (sign-in, back, etc.). */
  footer?: ReactNode;
  /** Optional icon shown above the heading (success, error states). */
  icon?: ReactNode;
  /** Colour of the icon badge. */
  iconTone?: 'accent' | 'danger';
}

/** The framed card every account form sits in: eyebrow, heading, lead, body, footer links. */
export default function FormCard({ eyebrow, title, lead, children, footer, icon, iconTone = 'accent' }: Props) {
  return (
    <div className="card form-card">
      {icon && (
        <div className={`form-card-icon${iconTone === 'danger' ? ' is-danger' : ''}`} aria-hidden="true">
          {icon}
        </div>
      )}
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h1 className="form-card-title">{title}</h1>
      {lead && <p className="muted form-card-lead">{lead}</p>}
      {children}
      {footer && <div className="form-card-footer">{footer}</div>}
    </div>
  );
}
