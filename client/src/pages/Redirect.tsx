/**
 * /redirect/{path}: replaces itself with {path} (plus the query) so the view remounts (tag
 * bar refresh, platform spec §2).
 */
import { Navigate, useLocation, useParams } from 'react-router';

export default function Redirect() {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${params['*'] ?? ''}${search}`} replace />;
}
