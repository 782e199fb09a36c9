import { png } from '../pages/children-wizard';
import { apiGet, apiLogin, baseUrl } from './browser';

export type ServerChild = {
  id: number;
  name: string;
  image: string | null;
  f_name: string | null;
  centerdetailId: number;
};

/**
 * Registers a complete child through the API, as another device would have (so the
 * wizard's steps all pass when it is edited): for a journey about what comes after the
 * registration, which the wizard's own journeys cover.
 */
export async function registerOnServer(name: string, token: string, base = baseUrl()): Promise<ServerChild> {
  const [state] = await apiGet<{ id: number }[]>('/state/101', token, base);
  const [district] = await apiGet<{ id: number }[]>(`/districts/${state!.id}`, token, base);
  const form = new FormData();
  const fields = {
    name,
    dateofarrival: '2025-03-14',
    gender: 'Male',
    ReferredBy: 'produce',
    short_stay_status: 'no',
    address: 'Platform 2, New Delhi',
    countryId: '101',
    stateId: String(state!.id),
    district: String(district!.id),
    reference_type: 'Self',
    centerdetailId: '2',
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('image', new Blob([png], { type: 'image/png' }), 'photo.png');
  const response = await fetch(`${base}/api/child_add`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    body: form,
  });
  if (response.status !== 200) throw new Error(`/child_add answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: ServerChild }).data;
}

/**
 * A child with a photo, added on the server by another device (the admin, through the
 * documented /child_add_2); answers the photo's stored name.
 */
export async function childWithPhotoOnServer(name: string): Promise<string> {
  const token = await apiLogin('admin@demo.test');
  const form = new FormData();
  const fields = { name, gender: 'Female', dateofarrival: '2025-03-14', ReferredBy: 'produce', centerdetailId: '2' };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('image', new Blob([png], { type: 'image/png' }), 'photo.png');
  const response = await fetch(`${baseUrl()}/api/child_add_2`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 200) throw new Error(`/child_add_2 answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: { image: string } }).data.image;
}
