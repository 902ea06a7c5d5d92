import { onBeforeUnmount, ref, watch } from 'vue';

/**
 * Calls `more` when the sentinel element scrolls into view (with a margin, so the next page is
 * usually there before the user reaches the end). The screen also shows a "Load more" button,
 * so keyboard users and tests never depend on scrolling.
 */
export function useInfiniteScroll(more: () => unknown) {
  const sentinel = ref<HTMLElement | null>(null);
  let observer: IntersectionObserver | null = null;
  watch(sentinel, (el) => {
    observer?.disconnect();
    if (!el || typeof IntersectionObserver === 'undefined') return;
    observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more(), {
      rootMargin: '600px 0px',
    });
    observer.observe(el);
  });
  onBeforeUnmount(() => observer?.disconnect());
  return { sentinel };
}
