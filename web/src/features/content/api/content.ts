import type { MyNotifications, PublicBanner, PublicBonus, PublicLanguage, PublicPage, PublicPopup } from '@kupon/api/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError, isMissingRoute } from '@/lib/api-client';

/** The site content routes of the api (api/src/contract/content.ts). */
export const CONTENT_PATHS = {
  banners: '/api/v1/content/banners',
  popups: '/api/v1/content/popups',
  pages: '/api/v1/content/pages',
  page: (id: string) => `/api/v1/content/pages/${encodeURIComponent(id)}`,
  languages: '/api/v1/content/languages',
  notifications: '/api/v1/content/notifications',
  markRead: '/api/v1/content/notifications/read',
  bonuses: '/api/v1/content/bonuses',
  requestBonus: (id: string) => `/api/v1/content/bonuses/${encodeURIComponent(id)}/request`,
} as const;

/** Content changes seldom: a minute before it is asked again. */
const CONTENT_STALE_MS = 60_000;

/** A list the api does not serve (yet) reads as empty, so the shell keeps working. */
async function listOr<T>(load: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isMissingRoute(error)) return empty;
    throw error;
  }
}

/** getSliders: the site's banners of a display area in the page language, in order. */
export function useBanners(area: string, lang: string) {
  return useQuery({
    queryKey: ['content', 'banners', area, lang],
    queryFn: () => listOr(async () => (await apiRequest<{ banners: PublicBanner[] }>(CONTENT_PATHS.banners, { query: { lang, area } })).banners, []),
    staleTime: CONTENT_STALE_MS,
  });
}

/** getPopups: the popup alerts of the site (§3; which one shows is `popupsToShow`). */
export function usePopupAlerts(lang: string) {
  return useQuery({
    queryKey: ['content', 'popups', lang],
    queryFn: () => listOr(async () => (await apiRequest<{ popups: PublicPopup[] }>(CONTENT_PATHS.popups, { query: { lang } })).popups, []),
    staleTime: CONTENT_STALE_MS,
  });
}

/** The published static pages (id and title), for the footer. */
export function usePageList(lang: string) {
  return useQuery({
    queryKey: ['content', 'pages', lang],
    queryFn: () => listOr(async () => (await apiRequest<{ pages: { id: string; title: string }[] }>(CONTENT_PATHS.pages, { query: { lang } })).pages, []),
    staleTime: CONTENT_STALE_MS,
  });
}

/** getPage: one static page; null when the site has no such page (404 contentNotFound). */
export function useStaticPage(id: string, lang: string) {
  return useQuery({
    queryKey: ['content', 'page', id, lang],
    queryFn: async () => {
      try {
        return await apiRequest<PublicPage>(CONTENT_PATHS.page(id), { query: { lang } });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: CONTENT_STALE_MS,
  });
}

/** getLanguages: the languages the site offers (null until known). */
export function useSiteLanguages() {
  return useQuery({
    queryKey: ['content', 'languages'],
    queryFn: () => listOr(async () => (await apiRequest<{ languages: PublicLanguage[] }>(CONTENT_PATHS.languages)).languages, null),
    staleTime: CONTENT_STALE_MS * 10,
  });
}

export const NOTIFICATIONS_KEY = ['content', 'notifications'] as const;
/** The bell's count follows new notifications while the player is on the site. */
export const NOTIFICATIONS_REFRESH_MS = 60_000;

/** getNotification: my notifications, newest first, and how many are unread (logged in only). */
export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: () => listOr(() => apiRequest<MyNotifications>(CONTENT_PATHS.notifications), { notifications: [], unread: 0 }),
    enabled,
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });
}

/** Marks the given notifications read (none given: all); the bell's count is what the server says is left. */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (notificationIds?: readonly string[]) => apiRequest<{ unread: number }>(CONTENT_PATHS.markRead, { method: 'POST', body: notificationIds ? { notificationIds } : {} }),
    onSuccess: ({ unread }, notificationIds) => {
      client.setQueryData<MyNotifications>(NOTIFICATIONS_KEY, (old) =>
        old ? { unread, notifications: old.notifications.map((n) => (!notificationIds || notificationIds.includes(n.id) ? { ...n, read: true } : n)) } : old,
      );
    },
  });
}

export const BONUSES_KEY = ['content', 'bonuses'] as const;

/** getBonus: the bonuses on offer (with my request of each when logged in) and how many there are. */
export function useBonuses(lang: string, userId: string | null) {
  return useQuery({
    queryKey: [...BONUSES_KEY, lang, userId],
    queryFn: () => listOr(() => apiRequest<{ bonuses: PublicBonus[]; count: number }>(CONTENT_PATHS.bonuses, { query: { lang } }), { bonuses: [], count: 0 }),
    staleTime: CONTENT_STALE_MS,
  });
}

/**
 * bonusRequest: ask for a bonus. An accepted request shows its state from the answer at once (the
 * list the server reads is a moment behind); a refusal reads the list again (it may be outdated).
 */
export function useRequestBonus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bonusId: string) => apiRequest<PublicBonus>(CONTENT_PATHS.requestBonus(bonusId), { method: 'POST', body: {} }),
    onSuccess: (answer) => {
      client.setQueriesData<{ bonuses: PublicBonus[]; count: number }>({ queryKey: BONUSES_KEY }, (old) =>
        old ? { ...old, bonuses: old.bonuses.map((b) => (b.id === answer.id ? { ...b, status: answer.status, requestedExists: answer.requestedExists } : b)) } : old,
      );
    },
    onError: () => client.invalidateQueries({ queryKey: BONUSES_KEY }),
  });
}
