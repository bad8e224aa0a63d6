import type { Hono } from 'hono';
import getProfile from '../../tools/get_profile.js';
import updateProfile from '../../tools/update_profile.js';
import { attempt, read, type OutputOf } from './call.js';
import { csrfField, h, notice, page, type Safe } from './html.js';
import type { PageContext, PageEnv } from './page-app.js';
import { settingsNav } from './settings-nav.js';

type Profile = OutputOf<typeof getProfile>;

const TEXT_FIELDS: Array<{ name: 'your_name' | 'your_role' | 'company' | 'tone'; label: string; hint?: string; max: number }> = [
  { name: 'your_name', label: 'Your name', hint: 'The sender the drafts sign with.', max: 200 },
  { name: 'your_role', label: 'Your role', max: 200 },
  { name: 'company', label: 'Company', max: 200 },
  { name: 'tone', label: 'Tone', hint: 'For example friendly, direct or formal.', max: 80 },
];
const LONG_FIELDS: Array<{ name: 'positioning' | 'pitch' | 'cta'; label: string; max: number }> = [
  { name: 'positioning', label: 'Positioning', max: 2000 },
  { name: 'pitch', label: 'Pitch', max: 2000 },
  { name: 'cta', label: 'Call to action', max: 1000 },
];
const ICP_LISTS: Array<{ name: keyof Profile['icp']; label: string }> = [
  { name: 'titles', label: 'Job titles that fit' },
  { name: 'seniority', label: 'Seniority levels (for example C-level, VP, Director, Manager)' },
  { name: 'industries', label: 'Industries' },
  { name: 'keywords', label: 'Keywords that signal fit in a bio or talk' },
  { name: 'exclusions', label: 'Exclusions: terms that disqualify a speaker' },
  { name: 'competitors', label: 'Competitors: their people are disqualified' },
];

const lines = (text: string | null): string[] =>
  (text ?? '')
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The profile as the form has it: every field, so the page is the whole profile. */
function typedProfile(form: URLSearchParams): Profile {
  const text = (name: string) => (form.get(name) ?? '').trim();
  return {
    your_name: text('your_name'),
    your_role: text('your_role'),
    company: text('company'),
    tone: text('tone'),
    positioning: text('positioning'),
    pitch: text('pitch'),
    cta: text('cta'),
    icp: Object.fromEntries(ICP_LISTS.map((l) => [l.name, lines(form.get(`icp_${l.name}`))])) as Profile['icp'],
    exemplars: form
      .getAll('exemplar')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

export function mountProfile(app: Hono<PageEnv>): void {
  app.get('/profile', async (c) => {
    const saved = c.req.query('done') === 'saved' ? notice('success', 'Profile saved. New campaigns start from it; existing ones keep their settings.') : h``;
    return profilePage(c, await read(c.var.services, c.var.user, getProfile, {}), saved);
  });

  app.post('/profile', async (c) => {
    const typed = typedProfile(c.var.form);
    const r = await attempt(c.var.services, c.var.user, updateProfile, { ...typed, tone: typed.tone || undefined });
    if (r.ok) return c.redirect('/settings/profile?done=saved', 303);
    // Shown again as typed, with the reason, so nothing the person wrote is lost.
    return profilePage(c, typed, notice('error', r.message), r.status);
  });
}

function profilePage(c: PageContext, profile: Profile, top: Safe, status = 200): Response {
  const { csrf, user } = c.var;
  const exemplars = [...profile.exemplars, ''];
  const body = h`${settingsNav('profile')}${top}
<p>New campaigns are seeded from this profile: the sender, the pitch, who fits (the ICP) and messages whose style drafts follow.</p>
<form method="post" action="/settings/profile" class="stack wide">${csrfField(csrf)}
<fieldset><legend>Sender</legend>
${TEXT_FIELDS.map((f) => h`<div><label for="p-${f.name}">${f.label}</label><input type="text" id="p-${f.name}" name="${f.name}" maxlength="${f.max}" value="${profile[f.name]}"${f.hint ? h` aria-describedby="p-${f.name}-hint"` : ''}>${f.hint ? h`<p class="hint" id="p-${f.name}-hint">${f.hint}</p>` : ''}</div>`)}
${LONG_FIELDS.map((f) => h`<div><label for="p-${f.name}">${f.label}</label><textarea id="p-${f.name}" name="${f.name}" rows="3" maxlength="${f.max}">${profile[f.name]}</textarea></div>`)}
</fieldset>
<fieldset><legend>Who fits (ICP)</legend><p class="hint" id="icp-hint">One entry a line.</p>
${ICP_LISTS.map((l) => h`<div><label for="icp-${l.name}">${l.label}</label><textarea id="icp-${l.name}" name="icp_${l.name}" rows="3" aria-describedby="icp-hint">${(profile.icp[l.name] ?? []).join('\n')}</textarea></div>`)}
</fieldset>
<fieldset><legend>Style exemplars</legend><p class="hint" id="ex-hint">Messages you sent and stand behind; drafts learn greeting, sign-off and length from them. Empty one to remove it; the last box adds one.</p>
${exemplars.map((text, i) => h`<div><label for="ex-${i}">${i < profile.exemplars.length ? `Exemplar ${i + 1}` : 'New exemplar'}</label><textarea id="ex-${i}" name="exemplar" rows="4" maxlength="4000" aria-describedby="ex-hint">${text}</textarea></div>`)}
</fieldset>
<div class="actions"><button type="submit">Save profile</button></div>
</form>`;
  return page(c, { title: 'Profile', body, csrf, user, status });
}
