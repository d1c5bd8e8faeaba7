/** The visitor pages, one lazy chunk: a signed-in user opening the chat never loads them. */
export { ForgotPasswordScreen } from '../features/auth/components/forgot-password-screen';
export { LoginScreen } from '../features/auth/components/login-screen';
export { RegisterScreen } from '../features/auth/components/register-screen';
export { ResetPasswordScreen } from '../features/auth/components/reset-password-screen';
