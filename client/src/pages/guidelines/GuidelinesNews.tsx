import { guidelines } from '../../../../shared/api/guidelines';
import { useResource } from '../../resources/useResource';
import { Link } from '../../router';
import './guidelines.css';

/** An annotator's "guidelines changed since your last visit", until they open the Guidelines page. */
export function GuidelinesNewsNotice() {
  const news = useResource(guidelines.news).data;
  if (!news?.changed) return null;
  return (
    <p className="notice guidelines-news" role="status" data-testid="guidelines-news">
      The guidelines changed since your last visit (now version {news.current}, you last read version {news.lastSeen}). <Link href="/guidelines">See what changed</Link>
    </p>
  );
}
