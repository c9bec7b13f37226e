/**
 * Shared state of the flow detail / record pages (workflow spec §2): the query's taskId,
 * procInsId and deployId, the router location and navigate, and the selected tab.
 */
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** Query ids, pathname, navigate and the tab state (starting at `initialTab`) of a flow page. */
export function useFlowPage(initialTab: string) {
  const [params] = useSearchParams();
  const taskId = params.get('taskId') ?? '';
  const procInsId = params.get('procInsId') ?? '';
  const deployId = params.get('deployId') ?? '';
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [tab, setTab] = useState(initialTab);
  return { params, taskId, procInsId, deployId, pathname, navigate, tab, setTab };
}
