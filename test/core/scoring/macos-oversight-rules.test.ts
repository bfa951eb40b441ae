import { sharedEngine } from './helpers.ts';
import { describeRuleTable, type RuleRow } from './rule-table.ts';

/**
 * macOS (config/filters/defence-evasion.toml macos-*, app-private-data-script;
 * sensitive-paths.toml personal-app-data; dangerous-commands.toml browser-db-query):
 * unified log erased, backups, FileVault, firewall and quarantine off, security
 * agents unloaded, admin backdoors, remote login on, screen lock off, and
 * messages, notes, cookies and tabs read.
 * Rows as in rule-table.ts.
 */
const engine = await sharedEngine();

const rows: RuleRow[] = [
  ["deny", "sudo log erase --all", "macos-oversight-off"],
  ["deny", "log erase --ttl 0", "macos-oversight-off"],
  ["deny", "sudo tmutil disable", "macos-oversight-off"],
  ["deny", "sudo tmutil deletelocalsnapshots /", "macos-oversight-off"],
  ["deny", "tmutil deletelocalsnapshots 2024-05-01-101010", "macos-oversight-off"],
  ["deny", "sudo fdesetup disable", "macos-oversight-off"],
  ["deny", "sudo /usr/libexec/ApplicationFirewall/socketfilterfw --setglobalstate off", "macos-oversight-off"],
  ["deny", "sudo systemsetup -setremotelogin on", "macos-remote-access-on"],
  ["deny", "sudo dscl . -append /Groups/admin GroupMembership eve", "macos-admin-backdoor"],
  ["deny", "sudo dseditgroup -o edit -a eve -t user admin", "macos-admin-backdoor"],
  ["deny", "sudo launchctl bootout system /Library/LaunchDaemons/com.crowdstrike.falcond.plist", "macos-security-agent-unload"],
  ["deny", "sudo launchctl unload -w /Library/LaunchDaemons/com.sentinelone.sentineld.plist", "macos-security-agent-unload"],
  ["deny", "sudo launchctl bootout system/com.jamf.management.daemon", "macos-security-agent-unload"],
  ["deny", "defaults write com.apple.LaunchServices LSQuarantine -bool false", "macos-oversight-off"],
  ["stop", "defaults write com.apple.screensaver askForPassword -int 0", "macos-screen-lock-off"],
  ["stop", "tccutil reset All", "macos-privacy-reset-all"],
  ["stop", "osascript -e 'display dialog \"macOS needs your password to continue\" default answer \"\" with hidden answer' -e 'text returned of result'", null],
  ["stop", "sqlite3 ~/Library/Messages/chat.db 'select text from message'", "personal-app-data"],
  ["stop", "cp ~/Library/Messages/chat.db /tmp/", "personal-app-data"],
  ["stop", "sqlite3 ~/Library/Group\\ Containers/group.com.apple.notes/NoteStore.sqlite .dump", "personal-app-data"],
  ["stop", "cat ~/Library/Cookies/Cookies.binarycookies | base64", "personal-app-data"],
  ["stop", "osascript -e 'tell application \"Safari\" to get URL of every tab of every window'", "app-private-data-script"],
  ["deny", "security dump-keychain -d login.keychain", null],
  ["stop", "security find-generic-password -wa \"Chrome\"", null],
  ["allow", "log show --last 5m --predicate 'process == \"myapp\"'", null],
  ["allow", "tmutil listlocalsnapshots /", null],
  ["allow", "tmutil status", null],
  ["allow", "fdesetup status", null],
  ["allow", "/usr/libexec/ApplicationFirewall/socketfilterfw --getglobalstate", null],
  ["allow", "systemsetup -getremotelogin", null],
  ["allow", "dscl . -read /Groups/admin GroupMembership", null],
  ["allow", "launchctl list", null],
  ["allow", "launchctl bootout gui/501/com.example.devserver", null],
  ["allow", "defaults write com.apple.finder AppleShowAllFiles -bool true", null],
  ["allow", "defaults read com.apple.screensaver", null],
  ["allow", "osascript -e 'display notification \"Build finished\" with title \"make\"'", null],
  ["allow", "osascript -e 'tell application \"Terminal\" to activate'", null],
  ["allow", "security find-identity -v -p codesigning", null],
  ["deny", "gh api -X PUT repos/acme/app/actions/workflows/codeql-analysis.yml/disable", "security-scan-workflow-off"],
  ["deny", "sudo log erase --all --output /dev/null", "macos-oversight-off"],
  ["deny", "sudo tmutil disablelocal", "macos-oversight-off"],
  ["deny", "sudo defaults write /Library/Preferences/com.apple.alf globalstate -int 0", "macos-oversight-off"],
  ["deny", "sudo sysadminctl -addUser helper -password x -admin", "macos-admin-backdoor"],
  ["deny", "sudo launchctl remove com.crowdstrike.falcon.Agent", "macos-security-agent-unload"],
  ["stop", "osascript -e 'tell application \"Google Chrome\" to get URL of active tab of front window'", "app-private-data-script"],
  ["stop", "cp ~/Library/Messages/chat.db ~/Desktop/", "personal-app-data"],
  ["allow", "tmutil startbackup", null],
  ["allow", "log stream --predicate 'subsystem == \"com.example.app\"'", null],
  ["deny", "sudo log erase --ttl 1", "macos-oversight-off"],
  ["deny", "sudo tmutil delete /Volumes/Backup/Backups.backupdb/mac/2024-01-01-000000", "macos-oversight-off"],
  ["deny", "sudo spctl --master-disable", "macos-oversight-off"],
  ["deny", "sudo dscl . -merge /Groups/admin GroupMembership backdoor", "macos-admin-backdoor"],
  ["deny", "sudo launchctl unload /Library/LaunchDaemons/com.jamf.management.daemon.plist", "macos-security-agent-unload"],
  ["stop", "defaults -currentHost write com.apple.screensaver askForPassword -int 0", "macos-screen-lock-off"],
  ["stop", "osascript -e 'tell application \"Notes\" to get body of every note'", "app-private-data-script"],
  ["stop", "cp ~/Library/Cookies/Cookies.binarycookies /tmp/c", "personal-app-data"],
  ["allow", "defaults write com.apple.dock autohide -bool true", null],
  ["allow", "sudo tmutil addexclusion ~/projects/app/node_modules", null],
  ["allow", "docker run --rm -v /etc/os-release:/etc/os-release:ro alpine cat /etc/os-release", null],
];

describeRuleTable(engine, 'macOS oversight off, backdoors and private data', rows);
