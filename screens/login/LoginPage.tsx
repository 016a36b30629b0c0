import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { FieldRenderer } from '../../engine/fields';
import { messageOf } from '../../engine/http';
import { useAuthUser, useSignIn } from '../../engine/session';

const REQUIRED_MESSAGE = 'This field is required.';

/** Where to go after signing in: back to the page that sent the visitor here, else the dashboard. */
function destinationOf(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/dashboard') ? from : '/dashboard';
}

type Credentials = { username: string; password: string };
type CredentialErrors = Partial<Record<keyof Credentials, string[]>>;

function validate(credentials: Credentials): CredentialErrors {
  const errors: CredentialErrors = {};
  if (credentials.username.trim() === '') errors.username = [REQUIRED_MESSAGE];
  if (credentials.password === '') errors.password = [REQUIRED_MESSAGE];
  return errors;
}

/** The sign-in form; an already signed-in visitor goes straight to the dashboard. */
export function LoginPage() {
  const navigate = useNavigate();
  const destination = destinationOf(useLocation().state);
  const session = useAuthUser();
  const signIn = useSignIn();
  const [credentials, setCredentials] = useState<Credentials>({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<CredentialErrors>({});

  if (session.data && !signIn.isPending) return <Navigate to={destination} replace />;

  function update(name: keyof Credentials, value: unknown) {
    setCredentials((current) => ({ ...current, [name]: typeof value === 'string' ? value : '' }));
    setFieldErrors((current) => ({ ...current, [name]: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = validate(credentials);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    signIn.mutate(credentials, { onSuccess: () => navigate(destination, { replace: true }) });
  }

  return (
    <main className="flex min-h-full items-center justify-center bg-surface px-4 py-12">
      <form onSubmit={submit} noValidate aria-labelledby="login-title" className="flex w-full max-w-sm flex-col gap-4 rounded-xl bg-white p-8 shadow-lg">
        <h1 id="login-title" className="text-center text-2xl font-semibold text-slate-800">
          Sign In
        </h1>
        {signIn.isError && (
          <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-700">
            {messageOf(signIn.error)}
          </p>
        )}
        <FieldRenderer
          type="text"
          name="username"
          label="Username"
          value={credentials.username}
          onChange={(value) => update('username', value)}
          errors={fieldErrors.username}
          disabled={signIn.isPending}
        />
        <FieldRenderer
          type="password"
          name="password"
          label="Password"
          value={credentials.password}
          onChange={(value) => update('password', value)}
          errors={fieldErrors.password}
          disabled={signIn.isPending}
        />
        <button
          type="submit"
          disabled={signIn.isPending}
          className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          Sign In
        </button>
      </form>
    </main>
  );
}
