import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { setConnection } from './data/connection';
import { connect } from './data/firebase';
import './styles.css';

const root = document.getElementById('root')!;

connect()
  .then((connection) => {
    setConnection(connection);
    createRoot(root).render(
      <StrictMode>
        <App connection={connection} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    root.textContent = `The app could not start: ${error instanceof Error ? error.message : String(error)}`;
  });
