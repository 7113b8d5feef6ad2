import { AuthFrame } from '../components/AuthFrame';
import { LoginForm } from '../components/LoginForm';

export default function LoginPage() {
  return (
    <AuthFrame>
      <LoginForm />
    </AuthFrame>
  );
}
