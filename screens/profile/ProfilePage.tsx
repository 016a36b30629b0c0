import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { PASSWORD_MIN_LENGTH } from '../../schemas/auth';
import type { SuccessMessage } from '../../schemas/errors';
import { FieldRenderer } from '../../engine/fields';
import { http, fieldErrorsOf } from '../../engine/http';
import { showSnackbar } from '../../engine/notices';
import { useAuthUser } from '../../engine/session';
import { labelOf } from '../../schemas/labels';

const REQUIRED_MESSAGE = 'This field is required.';
interface PasswordChange {
  current_password: string;
  new_password: string;
}
type PasswordErrors = Partial<Record<keyof PasswordChange, string[]>>;

const EMPTY: PasswordChange = { current_password: '', new_password: '' };

function validate(change: PasswordChange): PasswordErrors {
  const errors: PasswordErrors = {};
  if (change.current_password === '') errors.current_password = [REQUIRED_MESSAGE];
  if (change.new_password === '') errors.new_password = [REQUIRED_MESSAGE];
  else if (change.new_password.length < PASSWORD_MIN_LENGTH) {
    errors.new_password = [`The password must be at least ${PASSWORD_MIN_LENGTH} characters.`];
  }
  return errors;
}

/** The signed-in user's profile: who they are, and a form to change their own password. */
export function ProfilePage() {
  const { data: user } = useAuthUser();
  const [change, setChange] = useState<PasswordChange>(EMPTY);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const changePassword = useMutation({
    mutationFn: async (body: PasswordChange) => (await http.post<SuccessMessage>('/auth/password', body, { errorNoticeDuration: 5000 })).data,
    onSuccess: (answer) => {
      setChange(EMPTY);
      setErrors({});
      showSnackbar({ message: answer.message, variant: 'success' });
    },
    onError: (error) => setErrors(fieldErrorsOf(error)),
  });

  function update(name: keyof PasswordChange, value: unknown) {
    setChange((current) => ({ ...current, [name]: typeof value === 'string' ? value : '' }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(change);
    setErrors(found);
    if (Object.keys(found).length === 0) changePassword.mutate(change);
  }

  return (
    <section aria-labelledby="profile-title" className="mx-auto flex max-w-xl flex-col gap-6">
      <header>
        <h1 id="profile-title" className="text-2xl font-semibold text-slate-800">
          Profile
        </h1>
        {user && (
          <p className="text-sm text-slate-600">
            {user.username} · {labelOf('role', user.role)}
          </p>
        )}
      </header>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-lg bg-white p-6 shadow-sm">
        <h2 className="text-lg font-medium text-slate-800">Change Password</h2>
        <FieldRenderer
          type="password"
          name="current_password"
          label="Current Password"
          value={change.current_password}
          onChange={(value) => update('current_password', value)}
          errors={errors.current_password}
          disabled={changePassword.isPending}
        />
        <FieldRenderer
          type="password"
          name="new_password"
          label="New Password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={change.new_password}
          onChange={(value) => update('new_password', value)}
          errors={errors.new_password}
          disabled={changePassword.isPending}
        />
        <div>
          <button
            type="submit"
            disabled={changePassword.isPending}
            className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
          >
            Save
          </button>
        </div>
      </form>
    </section>
  );
}
