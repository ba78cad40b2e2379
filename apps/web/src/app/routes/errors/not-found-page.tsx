import { NotFoundContent } from '@/app/screens/not-found';

export default function NotFoundPage() {
  return (
    <main>
      <NotFoundContent />
    </main>
  );
}
