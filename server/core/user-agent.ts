/**
 * Browser and operating system names from a User-Agent header, for the login log and the
 * online-user list (reference §3 `sys_logininfor.browser/os`). Best effort; unknown → 'Unknown'.
 */
export function parseUserAgent(ua: string): { browser: string; os: string } {
  const browser =
    /Edg\/(\d+)/.exec(ua)?.[1] !== undefined ? `Edge ${/Edg\/(\d+)/.exec(ua)![1]}`
      : /Chrome\/(\d+)/.test(ua) ? `Chrome ${/Chrome\/(\d+)/.exec(ua)![1]}`
      : /Firefox\/(\d+)/.test(ua) ? `Firefox ${/Firefox\/(\d+)/.exec(ua)![1]}`
      : /Version\/(\d+).*Safari/.test(ua) ? `Safari ${/Version\/(\d+)/.exec(ua)![1]}`
      : /curl\//.test(ua) ? 'curl'
      : 'Unknown';
  const os =
    /Windows NT 10/.test(ua) ? 'Windows 10'
      : /Windows/.test(ua) ? 'Windows'
      : /Android/.test(ua) ? 'Android'
      : /iPhone|iPad/.test(ua) ? 'iOS'
      : /Mac OS X/.test(ua) ? 'Mac OS X'
      : /Linux/.test(ua) ? 'Linux'
      : 'Unknown';
  return { browser, os };
}
