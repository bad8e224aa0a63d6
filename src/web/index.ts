import { Hono } from 'hono';
import type { Services } from '../context.js';
import { mountAssets } from './assets.js';
import { mountSignin } from './signin.js';
import { mountSettings } from './settings.js';
import { mountSignupPages } from './signup.js';
import { mountSignupApi } from '../http/signup-api.js';
import { mountCampaigns } from './campaigns.js';
import { mountProfile } from './profile.js';
import { mountSending } from './sending.js';
import { mountDoNotContact } from './do-not-contact.js';
import { pageApp } from './page-app.js';
import { doorFault } from './door.js';

/** The doors (sign-in, settings, agent sign-up) and the pages to work in; the OAuth authorization server and its consent page are src/http/oauth-app.ts. */
export function mountDoors(app: Hono, services: Services): void {
  // Mail left pending by a previous process (a crash between commit and delivery) goes now.
  services.mailer.kick();
  mountAssets(app);
  // The doors' pages: their guards sit in front of each route (door.ts); a fault answers a page.
  const doors = new Hono();
  mountSignin(doors, services);
  mountSignupPages(doors, services);
  doors.onError(doorFault(services));
  app.route('/', doors);
  app.get('/', (c) => c.redirect('/settings', 303));
  mountSignupApi(app, services);
  // The settings pages: one sub-app under /settings, as the campaign pages are.
  const settings = pageApp(services);
  mountSettings(settings);
  mountProfile(settings);
  mountSending(settings);
  mountDoNotContact(settings);
  app.route('/settings', settings);
  mountCampaigns(app, services);
}
