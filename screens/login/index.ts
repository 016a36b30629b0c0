/** The sign-in page: the only screen a visitor without a session sees, so it loads with the application's first script. */
export { LoginPage } from './LoginPage';
