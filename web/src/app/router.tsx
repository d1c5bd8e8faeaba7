import { createBrowserRouter, Navigate } from 'react-router';
import { ForgotPasswordScreen } from '../features/auth/components/forgot-password-screen';
import { ResetPasswordScreen } from '../features/auth/components/reset-password-screen';
import { RouteGate } from '../features/auth/components/route-gate';
import { AuthLayout } from './layout/auth-layout';
import { RootLayout } from './layout/root-layout';
import { SignedInLayout } from './layout/signed-in-layout';
import { ChatRoute, LoginRoute, RegisterRoute } from './route-elements';
import { NotFoundScreen, RouteErrorScreen } from './status-screens';

/** SPEC §2 routes. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        element: (
          <RouteGate access="signed-in">
            <SignedInLayout />
          </RouteGate>
        ),
        children: [
          { index: true, element: <Navigate to="/c/new" replace /> },
          { path: '/c/:conversationId?', element: <ChatRoute /> },
        ],
      },
      {
        element: <AuthLayout />,
        children: [
          { path: '/login', element: <LoginRoute /> },
          { path: '/register', element: <RegisterRoute /> },
          { path: '/forgot-password', element: <ForgotPasswordScreen /> },
          { path: '/reset-password', element: <ResetPasswordScreen /> },
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
]);
