import { Navigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '@/ui/app-actor';
import BranchPage from './branch-page';

/**
 * /splash?branch_id=…&internal_order=… (a link or QR code of a chain): at a master shop or one of its
 * branches, the named branch is chosen at once (BranchPage reads branch_id); anywhere else, the home.
 */
export default function SplashPage() {
  const [search] = useSearchParams();
  const chain = useAppSelector((snapshot) => snapshot.context.shop?.master_flag === 1 || snapshot.context.shop?.master_id != null);
  return search.get('branch_id') && chain ? <BranchPage /> : <Navigate to="/" replace />;
}
