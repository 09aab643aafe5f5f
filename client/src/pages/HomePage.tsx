import { useMe } from '../session';

export default function HomePage() {
  const me = useMe();
  return (
    <section className="page">
      <h1>Welcome, {me.username}</h1>
      <p>You are logged in as {me.role}.</p>
    </section>
  );
}
