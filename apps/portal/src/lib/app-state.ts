import { useCallback, useEffect, useState } from 'react';
import { getCookie, setCookie } from './cookies';

// The sidebar's open/closed state and the device type are remembered in a cookie.
const SIDEBAR_COOKIE = 'flagship-portal-sidebar';
const DEVICE_COOKIE = 'flagship-portal-device';

export type Device = 'desktop' | 'mobile';

const MOBILE_QUERY = '(max-width: 991px)';

export function detectDevice(): Device {
  if (import.meta.env.SSR) return 'desktop';
  return window.matchMedia(MOBILE_QUERY).matches ? 'mobile' : 'desktop';
}

/** Keeps the device cookie current while the window is resized. */
export function useDeviceType(): Device {
  const [device, setDevice] = useState<Device>(() => (getCookie(DEVICE_COOKIE) as Device | undefined) ?? detectDevice());
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    const update = () => {
      const next = query.matches ? 'mobile' : 'desktop';
      setDevice(next);
      setCookie(DEVICE_COOKIE, next);
    };
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return device;
}

/** The sidebar's open state, remembered across visits; closed by default on mobile. */
export function useSidebar(device: Device): [boolean, () => void] {
  const [opened, setOpened] = useState(() => {
    const stored = getCookie(SIDEBAR_COOKIE);
    return stored === undefined ? device === 'desktop' : stored === '1';
  });
  const toggle = useCallback(() => {
    setOpened((value) => {
      setCookie(SIDEBAR_COOKIE, value ? '0' : '1');
      return !value;
    });
  }, []);
  return [opened, toggle];
}
