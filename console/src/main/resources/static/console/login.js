'use strict';

function csrfToken() {
  const cookie = document.cookie.split('; ').find(part => part.startsWith('XSRF-TOKEN='));
  return cookie ? decodeURIComponent(cookie.substring('XSRF-TOKEN='.length)) : '';
}

function showLoginError(message) {
  const error = document.getElementById('login-error');
  error.textContent = message || '';
  error.hidden = !message;
}

async function signIn(event) {
  event.preventDefault();
  const button = document.getElementById('sign-in');
  button.disabled = true;
  showLoginError(null);
  try {
    const response = await fetch('login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-XSRF-TOKEN': csrfToken() },
      body: new URLSearchParams({
        username: document.getElementById('username').value,
        password: document.getElementById('password').value
      })
    });
    if (response.ok) {
      window.location.assign('./');
      return;
    }
    const answer = await response.json().catch(() => ({}));
    showLoginError(answer.error || 'Sign-in failed (' + response.status + ')');
  } catch (e) {
    showLoginError('The console cannot be reached: ' + e.message);
  } finally {
    button.disabled = false;
  }
}

document.getElementById('login-form').addEventListener('submit', signIn);
document.getElementById('login-expired').hidden = !window.location.search.includes('expired');
async function showSingleSignOn() {
  const response = await fetch('login/options', { headers: { Accept: 'application/json' } });
  if (!response.ok) return;
  const options = await response.json();
  for (const provider of options.singleSignOn) {
    const link = document.createElement('a');
    link.className = 'sso';
    link.href = provider.path;
    link.textContent = 'Sign in with ' + provider.name;
    document.getElementById('sso').appendChild(link);
  }
}

showSingleSignOn();
