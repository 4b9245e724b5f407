import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
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
import { TitledSection } from '../../ui/TitledSection.tsx';
import { Stat } from '../../ui/Stat.tsx';

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
      <TitledSection titleId="user-address" title={<Trans>Wallet address</Trans>}>
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
      </TitledSection>
      <TitledSection id="team" titleId="user-team" title={<Trans>Community</Trans>}>
        <dl className="stat-grid">
          <Stat label={<Trans>Direct referrals</Trans>}>{user.zhi_num}</Stat>
          <Stat label={<Trans>Team members</Trans>}>{user.team_num}</Stat>
          <Stat label={<Trans>Personal performance</Trans>}>
            <Amount value={user.me_performance} coin="JU" />
          </Stat>
          <Stat label={<Trans>Team performance</Trans>}>
            <Amount value={user.team_performance} coin="JU" />
          </Stat>
        </dl>
        <h3 className="section-title team-list-title">
          <Trans>Direct referrals</Trans>
        </h3>
        <ReferralRecords />
      </TitledSection>
      <TitledSection id="invite" titleId="user-invite" title={<Trans>Invite friends</Trans>}>
        <dl className="kv">
          <CopyableStat
            label={<Trans>Invite code</Trans>}
            value={user.code}
            copy={t`Copy invite code`}
            copied={t`Invite code copied`}
          />
          <CopyableStat
            label={<Trans>Invite link</Trans>}
            value={user.invite_url}
            copy={t`Copy invite link`}
            copied={t`Invite link copied`}
            breakable
          >
            <dd>
              <ShareButton url={user.invite_url} title={t`Join me on JU Wallet`} />
            </dd>
            <dd className="qr-frame">
              <QrCode value={user.invite_url} label={t`QR code of your invite link`} />
            </dd>
          </CopyableStat>
          <Stat label={<Trans>Activation time</Trans>}>
            {user.activated_at ? (
              i18n.date(user.activated_at, { dateStyle: 'medium', timeStyle: 'short' })
            ) : (
              <span data-testid="not-activated">
                <Trans>Not activated: your first mutual-aid cycle activates your account.</Trans>
              </span>
            )}
          </Stat>
        </dl>
      </TitledSection>
      <TitledSection titleId="user-income" title={<Trans>Income record</Trans>}>
        <IncomeRecords />
      </TitledSection>
      <ActiveSessions />
      <DeviceData />
    </div>
  );
}

/** A value with its copy button; a `breakable` one (a link) may wrap anywhere. */
function CopyableStat(props: {
  label: ReactNode;
  value: string;
  copy: string;
  copied: string;
  breakable?: boolean;
  children?: ReactNode;
}) {
  const { value } = props;
  const className = props.breakable ? 'mono break value-with-action' : 'mono value-with-action';
  return (
    <Stat label={props.label} className={className} after={props.children}>
      {value} <CopyButton value={value} label={props.copy} copiedText={props.copied} />
    </Stat>
  );
}
