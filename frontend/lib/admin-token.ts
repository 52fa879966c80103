/** The admin token lives in per-tab session storage under `adminToken`. */
const KEY = "adminToken";

export const getAdminToken = () => sessionStorage.getItem(KEY);
export const setAdminToken = (token: string) => sessionStorage.setItem(KEY, token);

/** Logout and 401s clear both storages, as the subscriber screen always has. */
export function clearAdminToken() {
  sessionStorage.removeItem(KEY);
  localStorage.removeItem(KEY);
}
