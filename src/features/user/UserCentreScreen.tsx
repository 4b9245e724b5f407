import { Trans, useLingui } from '@lingui/react/macro';
import { useKeptUserInfo } from '../../state/queries/user.ts';
import { Amount, balanceLabel } from '../../ui/Amount.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { KeptRecordMissing, NotSavedOffline, RecordAge } from '../../ui/KeptCopy.tsx';
import { QrCode } from '../../ui/QrCode.tsx';
import { ShareButton } from '../../ui/ShareButton.tsx';
import { ActiveSessions } from './ActiveSessions.tsx';
import { DeviceData } from './DeviceData.tsx';
import { IncomeRecords, ReferralRecords } from './TeamRecords.tsx';
import './user.css';
import '../../ui/controls.css';

export function UserCentreScreen() {
  const { i18n, t } = useLingui();
  const info = useKeptUserInfo();
  const user = info.data;
  if (!user && !info.pending && (info.offline || info.readOnly)) {
    // What this device keeps can still be seen and cleared.
    return (
      <div className="stack">
        <NotSavedOffline offline={info.offline} />
        <DeviceData />
      </div>
    );
  }
  if (!user) return <KeptRecordMissing kept={info} failure={t`Could not load your account`} />;
  return (
    <div className="stack">
      <RecordAge asOf={info.asOf} offline={info.offline} />
      <section className="card" aria-labelledby="user-address">
        <h2 id="user-address" className="section-title">
          <Trans>Wallet address</Trans>
        </h2>
        <p className="mono address-full" data-testid="user-address">
          {user.name}
        </p>
        <div className="row">
          <span className="badge" aria-describedby="level-note">
            V{user.level}
          </span>
          <CopyButton value={user.name} label={t`Copy address`} copiedText={t`Address copied`} />
        </div>
        <p className="muted" id="level-note" data-testid="level-note">
          <Trans>Your level. Levels (V0, V1, …) are given by the operator.</Trans>
        </p>
        <dl className="stat-grid" aria-label={t`Balance`} data-testid="user-balances">
          {(['JU', 'USDT', 'TICKET'] as const).map((coin) => (
            <div key={coin}>
              <dt>{balanceLabel(coin)}</dt>
              <dd>
                <Amount value={user.balances[coin]} coin={coin} bare />
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card" id="team" aria-labelledby="user-team">
        <h2 id="user-team" className="section-title">
          <Trans>Community</Trans>
        </h2>
        <dl className="stat-grid">
          <div>
            <dt>
              <Trans>Direct referrals</Trans>
            </dt>
            <dd>{user.zhi_num}</dd>
          </div>
          <div>
            <dt>
              <Trans>Team members</Trans>
            </dt>
            <dd>{user.team_num}</dd>
          </div>
          <div>
            <dt>
              <Trans>Personal performance</Trans>
            </dt>
            <dd>
              <Amount value={user.me_performance} coin="JU" />
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Team performance</Trans>
            </dt>
            <dd>
              <Amount value={user.team_performance} coin="JU" />
            </dd>
          </div>
        </dl>
        <h3 className="section-title team-list-title">
          <Trans>Direct referrals</Trans>
        </h3>
        <ReferralRecords />
      </section>
      <section className="card" id="invite" aria-labelledby="user-invite">
        <h2 id="user-invite" className="section-title">
          <Trans>Invite friends</Trans>
        </h2>
        <dl className="kv">
          <div>
            <dt>
              <Trans>Invite code</Trans>
            </dt>
            <dd className="mono value-with-action">
              {user.code}{' '}
              <CopyButton
                value={user.code}
                label={t`Copy invite code`}
                copiedText={t`Invite code copied`}
              />
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Invite link</Trans>
            </dt>
            <dd className="mono break value-with-action">
              {user.invite_url}{' '}
              <CopyButton
                value={user.invite_url}
                label={t`Copy invite link`}
                copiedText={t`Invite link copied`}
              />
            </dd>
            <dd>
              <ShareButton url={user.invite_url} title={t`Join me on JU Wallet`} />
            </dd>
            <dd className="qr-frame">
              <QrCode value={user.invite_url} label={t`QR code of your invite link`} />
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Activation time</Trans>
            </dt>
            <dd>
              {user.activated_at ? (
                i18n.date(user.activated_at, { dateStyle: 'medium', timeStyle: 'short' })
              ) : (
                <span data-testid="not-activated">
                  <Trans>Not activated: your first mutual-aid cycle activates your account.</Trans>
                </span>
              )}
            </dd>
          </div>
        </dl>
      </section>
      <section className="card" aria-labelledby="user-income">
        <h2 id="user-income" className="section-title">
          <Trans>Income record</Trans>
        </h2>
        <IncomeRecords />
      </section>
      <ActiveSessions />
      <DeviceData />
    </div>
  );
}
