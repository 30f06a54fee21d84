import { useState, type FormEvent } from 'react';
import { updateName, type TUser } from '../../stores/user.ts';
import { toast } from '../../stores/toast.ts';
import TextField from '../ui/TextField.tsx';
import NameFields from '../ui/NameFields.tsx';
import StatusBadge from './StatusBadge.tsx';
import Section from './Section.tsx';

/** Profile (docs/product.md §2 /account): editable first and last name, read-only email, status badge. */
export default function ProfileSection({ user }: { user: TUser }) {
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [busy, setBusy] = useState(false);

  const changed = firstName.trim() !== user.firstName || lastName.trim() !== user.lastName;
  const complete = firstName.trim() !== '' && lastName.trim() !== '';

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!changed || !complete) return;
    setBusy(true);
    try {
      const saved = await updateName(firstName, lastName);
      setFirstName(saved.firstName);
      setLastName(saved.lastName);
      toast({ title: 'Name Updated', description: 'Your name has been saved.', variant: 'success' });
    } catch {
      toast({ title: 'Error', description: 'Failed to update name. Please try again.', variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="Profile" description="How you appear in your gallery.">
      <div className="profile-status">
        <span className="profile-status-label">Status</span>
        <StatusBadge user={user} />
      </div>
      <form onSubmit={onSubmit} noValidate aria-busy={busy}>
        <NameFields firstName={firstName} lastName={lastName} onFirstName={setFirstName} onLastName={setLastName} disabled={busy} />
        <TextField label="Email" type="email" name="email" autoComplete="email" readOnly value={user.email} hint="Your sign-in email can't be changed here." />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy || !changed || !complete}>
            {busy ? 'Saving...' : 'Save Name'}
          </button>
        </div>
      </form>
    </Section>
  );
}
