/**
 * The store settings' one read (`GET /api/v1/admin/settings`) and the save of a section (`PUT
 * /settings/<section>`), which answers the settings as saved and puts them straight into the cache.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { storeSettingsSchema, type StoreSettings } from '@shared/store-settings/store-settings-schemas';
import { apiRequest } from '@client/lib/api-client';
import { toast } from '@client/lib/notify';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';

export const storeSettingsQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'settings'],
    queryFn: () => apiRequest('/admin/settings', { schema: storeSettingsSchema }),
  });

/**
 * Saves one section: `PUT /settings/{section}` with the body, then the cached settings become the answer and
 * `saved` is announced. `onError` gets the `ApiError` (its `fields` go under the form's inputs).
 */
export function useSaveSettings<Body>(section: string, saved: string, onError: (error: Error) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) =>
      apiRequest(`/admin/settings/${section}`, { method: 'PUT', body, schema: storeSettingsSchema }),
    onSuccess: (settings: StoreSettings) => {
      client.setQueryData(storeSettingsQuery().queryKey, settings);
      // The top bar shows the store's name from `/me`.
      void client.invalidateQueries({ queryKey: [...ADMIN_QUERY_KEY, 'me'] });
      toast.success(saved);
    },
    onError,
  });
}
