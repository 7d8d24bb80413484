import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import CircularProgress from '@mui/material/CircularProgress';
import { OrdersBoard } from './orders-board';

// An order's detail (and its printable ticket) is a chunk of its own: the board, the first screen, stays small.
const OrderScreen = lazy(() => import('./order-screen'));

const loading = <CircularProgress sx={{ display: 'block', mx: 'auto', my: 6 }} />;

/** The orders screen: the board at /orders, one order at /orders/:id. */
export default function OrdersScreen() {
  return (
    <Routes>
      <Route index element={<OrdersBoard />} />
      <Route
        path=":id"
        element={
          <Suspense fallback={loading}>
            <OrderScreen />
          </Suspense>
        }
      />
    </Routes>
  );
}
