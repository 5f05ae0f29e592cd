import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { mobileRedirect } from './app/mobile-redirect';
import './styles/themes.css';
import './styles/app.css';

const target = mobileRedirect(window.location, navigator.userAgent);
if (target) window.location.replace(target);
else
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
