import { Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { RouteGate } from '../features/auth/components/route-gate';
import { AuthLayout } from './layout/auth-layout';
import { RootLayout } from './layout/root-layout';
import { SignedInLayout } from './layout/signed-in-layout';
import {
  AdminRoute,
  ChatRoute,
  ForgotPasswordRoute,
  LoginRoute,
  RegisterRoute,
  ResetPasswordRoute,
} from './route-elements';
import { NotFoundScreen, RouteErrorScreen } from './status-screens';
import { ShareRoute } from './share/share-route';

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
          {
            path: '/admin',
            element: (
              <Suspense fallback={null}>
                <AdminRoute />
              </Suspense>
            ),
          },
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
      // A shared conversation: signed-in or not, the page decides what the link allows.
      { path: '/share/:shareId', element: <ShareRoute /> },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
]);
