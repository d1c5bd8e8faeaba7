import { createBrowserRouter, Navigate } from 'react-router';
import { RouteGate } from '../features/auth/components/route-gate';
import { AuthLayout } from './layout/auth-layout';
import { RootLayout } from './layout/root-layout';
import { SignedInLayout } from './layout/signed-in-layout';
import {
  ChatRoute,
  ForgotPasswordRoute,
  LoginRoute,
  RegisterRoute,
  ResetPasswordRoute,
} from './route-elements';
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
          { path: '/forgot-password', element: <ForgotPasswordRoute /> },
          { path: '/reset-password', element: <ResetPasswordRoute /> },
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
]);
