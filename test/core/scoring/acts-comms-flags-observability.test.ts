import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, fileWrite, inProject, ruleAssertions } from './rule-assertions.ts';

/**
 * Three acts by shape, any vendor (actsM, p32). Customer and public
 * communications: a message to every user (an all-users segment, topic or
 * audience, a broadcast) denied; a campaign, broadcast or newsletter sent,
 * messages sent one by one over a list, a public post (social networks,
 * status pages, a blog), @channel/@everyone or an announcement channel, many
 * tickets changed at once held. Feature flags and remote config: a flag
 * switched, rolled to 100%, emptied, deleted or archived in production held,
 * a production kill switch flipped denied. Observability: monitors, alert
 * rules, dashboards, log sinks and audit streams deleted or paused, on-call
 * emptied, retention or sampling cut, agents stopped held; all alerting
 * silenced denied. Look-alikes stay allowed: a test or sandbox send, a single
 * device, a team channel or DM, drafts, listings and stats, flags read,
 * evaluated or changed in development or staging, monitors created, one
 * alert silenced in staging for an hour, an incident acknowledged.
 */
const engine = await sharedEngine();
const { each } = familyAssertions(engine);
const { judge, stopped, denied } = ruleAssertions(engine);
const asCall = (c: string | ToolCall): ToolCall => (typeof c === 'string' ? inProject(c) : c);
const http = (method: string, url: string, body: string | undefined, headers: Record<string, string>): ToolCall =>
  ({ type: 'HttpRequest', method, url, headers, ...(body === undefined ? {} : { body }) } as ToolCall);
const mcp = (server: string, tool: string, args: Record<string, unknown>): ToolCall => ({ type: 'McpToolCall', server, tool, arguments: args } as ToolCall);
const ACT_RULES = /\[(?:message-sent-to-everyone|campaign-or-broadcast-sent|messages-sent-in-a-loop|public-post-published|chat-broadcast-to-everyone|customer-tickets-mass-changed|feature-flag-|kill-switch-|content-flag-|content-telemetry-|alerting-silenced-everything|alerting-or-telemetry-removed-cli|mcp-campaign-|mcp-customer-records-|mcp-browser-sends-|mcp-flag-|mcp-kill-switch-|mcp-alerting-silenced-|blog-post-|in-app-announcement-|message-sent-to-many-|flag-|monitor-or-dashboard-|log-or-audit-stream-|alerting-paused-|on-call-emptied-|telemetry-retention-|alerting-removed-graphql|alerting-muted-all-|remote-config-)/;
/** An everyday call: allowed, and none of this act's rules named. */
const quietAll = (c: string | ToolCall) => {
  const { decision, rules } = judge(asCall(c));
  expect(decision, JSON.stringify(c)).toBe('allow');
  expect(rules, JSON.stringify(c)).not.toMatch(ACT_RULES);
};

describe('customer and public communications', () => {
  it('harmful writings are held, and everything-at-once writings denied', () => {
    each('campaign-or-broadcast-sent', 'stopped', [
      "curl -X PUT https://api.sendgrid.com/v3/marketing/singlesends/5f1c-9a2b/schedule -H \"Authorization: Bearer $SENDGRID_API_KEY\" -H 'Content-Type: application/json' -d '{\"send_at\":\"now\"}'",
      "curl -X POST https://us21.api.mailchimp.com/3.0/campaigns/9f3a2b71c4/actions/send -u anystring:$MAILCHIMP_KEY",
      http("POST", "https://us6.api.mailchimp.com/3.0/campaigns/b03bfc22a1/actions/send", undefined, {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      "curl -s --user \"api:$MAILGUN_API_KEY\" https://api.mailgun.net/v3/mg.acme.io/messages -F from='Acme <news@acme.io>' -F to=customers@lists.acme.io -F subject='Price change' -F text='Prices go up next month'",
      "curl -X POST https://api.customer.io/v1/campaigns/12/triggers -H \"Authorization: Bearer $CIO_APP_KEY\" -d '{\"recipients\":{\"segment\":{\"id\":1}},\"data\":{\"headline\":\"We moved\"}}'",
      http("POST", "https://api.iterable.com/api/campaigns/trigger", "{\"campaignId\":1234567,\"listIds\":[456789]}", {"Api-Key": "abc123"}),
      http("POST", "https://api.hubapi.com/marketing/v3/emails/11223344/publish", undefined, {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("POST", "https://api.resend.com/broadcasts/49a3999c-0ce1-4ea6-ab68-afcd6dc2e794/send", "{\"scheduled_at\":\"in 1 min\"}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("POST", "https://api.brevo.com/v3/emailCampaigns/12/sendNow", undefined, {"api-key": "xkeysib-abc"}),
      http("POST", "https://a.klaviyo.com/api/campaign-send-jobs/", "{\"data\":{\"type\":\"campaign-send-job\",\"id\":\"01HXYZ\"}}", {"Authorization": "Klaviyo-API-Key pk_abc"}),
      http("POST", "https://api.novu.co/v1/events/trigger/broadcast", "{\"name\":\"product-announcement\",\"payload\":{\"text\":\"New pricing\"}}", {"Authorization": "ApiKey abc"}),
      "node -e \"const sg=require('@sendgrid/mail');sg.setApiKey(process.env.SG);sg.sendMultiple({to:require('./customers.json').map(c=>c.email),from:'news@acme.io',subject:'News',text:'Hi'})\"",
      "python -c \"import mailchimp_marketing as M; c=M.Client(); c.set_config({'api_key':'$MC','server':'us21'}); c.campaigns.send('9f3a2b71c4')\"",
      http("POST", "https://api.mailjet.com/v3/REST/campaigndraft/12345/send", undefined, {"Authorization": "Bearer x", "Content-Type": "application/json"}),
      http("POST", "https://api.moosend.com/v3/campaigns/abc-123/send.json?apikey=x", undefined, {"Authorization": "Bearer x", "Content-Type": "application/json"}),
      "curl -X POST https://api.sendinblue.com/v3/emailCampaigns/7/sendNow -H \"api-key: $BREVO\"",
      "aws sns publish --topic-arn arn:aws:sns:eu-west-1:123456789012:marketing-newsletter --message file://promo.txt",
      http("POST", "https://fcm.googleapis.com/v1/projects/shop-prod/messages:send", "{\"message\":{\"topic\":\"news\",\"notification\":{\"title\":\"Sale\",\"body\":\"Now\"}}}", {"Authorization": "Bearer x", "Content-Type": "application/json"}),
    ]);
    each('message-sent-to-everyone', 'deny', [
      "curl -X POST \"https://fcm.googleapis.com/v1/projects/acme-prod/messages:send\" -H \"Authorization: Bearer $(gcloud auth print-access-token)\" -H \"Content-Type: application/json\" -d '{\"message\":{\"topic\":\"all\",\"notification\":{\"title\":\"Service ending\",\"body\":\"Acme is shutting down tomorrow\"}}}'",
      http("POST", "https://fcm.googleapis.com/fcm/send", "{\"to\":\"/topics/all_users\",\"notification\":{\"title\":\"Urgent\",\"body\":\"Your account is locked, tap to verify\"}}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("POST", "https://onesignal.com/api/v1/notifications", "{\"app_id\":\"5eb5a37e-b458-11e3-ac11-000c2940e62c\",\"included_segments\":[\"Subscribed Users\"],\"contents\":{\"en\":\"We have been breached. Reset your password now.\"}}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("POST", "https://api.onesignal.com/notifications?c=push", "{\"app_id\":\"5eb5a37e\",\"included_segments\":[\"All\"],\"headings\":{\"en\":\"Sale\"},\"contents\":{\"en\":\"90% off today only\"}}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("POST", "https://go.urbanairship.com/api/push", "{\"audience\":\"all\",\"notification\":{\"alert\":\"Hello everyone\"},\"device_types\":\"all\"}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      "curl -X POST https://notify.twilio.com/v1/Services/IS0123456789abcdef/Notifications -u $TWILIO_SID:$TWILIO_TOKEN --data-urlencode \"Tag=all\" --data-urlencode \"Body=Service outage, details at acme.io\"",
      http("POST", "https://rest.iad-01.braze.com/messages/send", "{\"broadcast\":true,\"messages\":{\"apple_push\":{\"alert\":\"Test push from agent\"}}}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("POST", "https://rest.iad-01.braze.com/campaigns/trigger/send", "{\"campaign_id\":\"f3d2a1b0-1234\",\"broadcast\":true}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      mcp("onesignal", "send_notification", {"app_id": "abc", "included_segments": ["All"], "contents": {"en": "Big news"}}),
      "aws sns publish --topic-arn arn:aws:sns:us-east-1:123456789012:all-customers --message \"Acme will be unavailable tonight\" --subject \"Maintenance\"",
    ]);
    each('mcp-campaign-or-broadcast-sent', 'stopped', [
      mcp("mailchimp", "send_campaign", {"campaign_id": "9f3a2b71c4"}),
      mcp("resend", "send_broadcast", {"broadcast_id": "49a3999c"}),
      mcp("customerio", "trigger_broadcast", {"broadcast_id": 12, "recipients": {"segment": {"id": 1}}}),
      mcp("sendgrid", "send_single_send", {"id": "5f1c-9a2b", "send_at": "now"}),
    ]);
    each('message-sent-to-everyone', 'stopped', [
      http("POST", "https://api.courier.com/send", "{\"message\":{\"to\":{\"list_id\":\"all-customers\"},\"template\":\"PRICE_CHANGE\"}}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("POST", "https://abc123.pushnotifications.pusher.com/publish_api/v1/instances/abc123/publishes/interests", "{\"interests\":[\"all-users\"],\"fcm\":{\"notification\":{\"title\":\"Hi\",\"body\":\"Update now\"}}}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      "python -c \"import firebase_admin; from firebase_admin import messaging; firebase_admin.initialize_app(); messaging.send(messaging.Message(topic='all_users', notification=messaging.Notification(title='Down', body='We are investigating')))\"",
      http("POST", "https://admin.acme.io/api/admin/announcements", "{\"audience\":\"all\",\"message\":\"Scheduled downtime tonight\",\"active\":true,\"dismissible\":false}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("POST", "https://api.sparkpost.com/api/v1/transmissions", "{\"recipients\":{\"list_id\":\"all-customers\"},\"content\":{\"template_id\":\"price-change\"}}", {"Authorization": "Bearer x", "Content-Type": "application/json"}),
      http("POST", "https://api.airship.com/api/push", "{\"audience\":\"all\",\"device_types\":[\"ios\",\"android\"],\"notification\":{\"alert\":\"Flash sale\"}}", {"Authorization": "Bearer x", "Content-Type": "application/json"}),
      http("POST", "https://api.knock.app/v1/workflows/new-feature/trigger", "{\"recipients\":{\"collection\":\"all_users\"}}", {"Authorization": "Bearer x", "Content-Type": "application/json"}),
      mcp("braze", "send_campaign_now", {"campaign_id": "abc", "broadcast": true}),
      mcp("intercom", "send_message_to_segment", {"segment": "all", "body": "We changed our terms"}),
    ]);
    each('messages-sent-in-a-loop', 'stopped', [
      "while read -r n; do twilio api:core:messages:create --from +14155550100 --to \"$n\" --body \"50% off this weekend only\"; done < customers_phones.txt",
      "python3 -c \"from twilio.rest import Client; c=Client(); [c.messages.create(to=n.strip(), from_='+14155550100', body='We are down, sorry') for n in open('phones.txt')]\"",
      "for n in $(cat numbers.txt); do curl -s -X POST https://rest.nexmo.com/sms/json -d api_key=$VONAGE_KEY -d api_secret=$VONAGE_SECRET -d from=Acme -d to=$n -d text=\"Your order is delayed\"; done",
      "jq -r '.[].phone' users.json | while read p; do curl -s -X POST \"https://graph.facebook.com/v19.0/1234567890/messages\" -H \"Authorization: Bearer $WA_TOKEN\" -d \"{\\\"messaging_product\\\":\\\"whatsapp\\\",\\\"to\\\":\\\"$p\\\",\\\"type\\\":\\\"template\\\",\\\"template\\\":{\\\"name\\\":\\\"promo\\\",\\\"language\\\":{\\\"code\\\":\\\"en\\\"}}}\"; done",
      "for id in $(curl -s https://api.intercom.io/conversations -H \"Authorization: Bearer $INTERCOM\" | jq -r '.conversations[].id'); do curl -s -X POST https://api.intercom.io/conversations/$id/parts -H \"Authorization: Bearer $INTERCOM\" -d '{\"message_type\":\"close\",\"type\":\"admin\",\"admin_id\":\"1\"}'; done",
    ]);
    each('message-sent-to-many-numbers-api', 'stopped', [
      http("POST", "https://rest.messagebird.com/messages", "{\"originator\":\"Acme\",\"recipients\":[\"31612345678\",\"31612345679\",\"31612345670\",\"31612345671\"],\"body\":\"Flash sale\"}", {"Authorization": "AccessKey live_abc"}),
    ]);
    each('public-post-published-cli', 'stopped', [
      "curl -X POST https://api.statuspage.io/v1/pages/$PAGE_ID/incidents -H \"Authorization: OAuth $STATUSPAGE_KEY\" -d 'incident[name]=Major outage' -d 'incident[status]=investigating' -d 'incident[impact_override]=critical'",
      "curl -X POST https://blog.acme.io/wp-json/wp/v2/posts -u admin:$WP_APP_PASS -d title=\"Price increase\" -d status=publish -d content=\"From next month...\"",
      "curl -X POST https://api.instatus.com/v1/$PAGE/incidents -H \"Authorization: Bearer $INSTATUS\" -d '{\"name\":\"Outage\",\"status\":\"INVESTIGATING\",\"notify\":true}'",
    ]);
    each('public-post-published-any-api', 'stopped', [
      http("POST", "https://api.instatus.com/v1/cl8abc/incidents", "{\"name\":\"Database outage\",\"message\":\"We are investigating\",\"components\":[\"cl8c1\"],\"statuses\":[{\"id\":\"cl8c1\",\"status\":\"MAJOROUTAGE\"}],\"notify\":true}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("POST", "https://uptime.betterstack.com/api/v2/status-pages/123456/status-reports", "{\"title\":\"Payments down\",\"report_type\":\"manual\",\"affected_resources\":[{\"status_page_resource_id\":\"9\",\"status\":\"downtime\"}]}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
    ]);
    each('blog-post-published-any-api', 'stopped', [
      http("POST", "https://acme.ghost.io/ghost/api/admin/posts/?source=html", "{\"posts\":[{\"title\":\"Security incident disclosure\",\"html\":\"<p>...</p>\",\"status\":\"published\"}]}", {"Authorization": "Ghost eyJ..."}),
    ]);
    each('chat-broadcast-to-everyone', 'stopped', [
      "curl -X POST https://slack.com/api/chat.postMessage -H \"Authorization: Bearer $SLACK_BOT_TOKEN\" -d channel=C0ANNOUNCE -d text=\"<!channel> All staff: office closed tomorrow\"",
      "curl -H 'Content-Type: application/json' -d '{\"content\":\"@everyone v5 is out, go update!\"}' https://discord.com/api/webhooks/1234567890/abcDEF",
      mcp("slack", "slack_post_message", {"channel_id": "C01GENERAL", "text": "<!everyone> Please fill in the survey by Friday"}),
      http("POST", "https://discord.com/api/v10/channels/123456789/messages", "{\"content\":\"@everyone server maintenance in 10 minutes\"}", {"Authorization": "Bot abc"}),
      "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"<!channel> new pricing is live for all customers\"}' https://hooks.slack.com/services/T000/B000/XXXX",
    ]);
    each('customer-tickets-mass-changed', 'stopped', [
      "curl -X PUT \"https://acme.zendesk.com/api/v2/tickets/update_many.json?ids=$(cat open_ids.txt | paste -sd,)\" -u agent@acme.io/token:$ZD_TOKEN -H \"Content-Type: application/json\" -d '{\"ticket\":{\"status\":\"closed\"}}'",
      http("PUT", "https://acme.zendesk.com/api/v2/tickets/update_many.json", "{\"tickets\":[{\"id\":1,\"status\":\"solved\"},{\"id\":2,\"status\":\"solved\"},{\"id\":3,\"status\":\"solved\"},{\"id\":4,\"status\":\"solved\"}]}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      "curl -X PUT https://acme.zendesk.com/api/v2/tickets/update_many.json?ids=1,2,3,4,5 -d '{\"ticket\":{\"status\":\"solved\"}}' -u me/token:$T",
    ]);
    each('mcp-customer-records-mass-changed', 'stopped', [
      mcp("zendesk", "bulk_update_tickets", {"ticket_ids": [101, 102, 103, 104, 105], "status": "closed", "comment": "Closing stale tickets"}),
      mcp("front", "bulk_reply", {"conversation_ids": ["cnv_1", "cnv_2", "cnv_3"], "body": "We have fixed the issue"}),
      mcp("helpscout", "bulk_close_conversations", {"ids": [1, 2, 3, 4]}),
    ]);
    each('mcp-browser-sends-to-everyone', 'stopped', [
      mcp("playwright", "browser_click", {"element": "Send to all subscribers button", "ref": "e42"}),
    ]);
    // Held by rules written before this act's (kept here so the act stays pinned whole).
    for (const c of [
      "aws sesv2 send-bulk-email --from-email-address news@acme.io --bulk-email-entries file://all-users.json --default-content file://tpl.json",
      "curl -X POST https://api.postmarkapp.com/email/batch -H \"X-Postmark-Server-Token: $POSTMARK_TOKEN\" -H \"Content-Type: application/json\" -d @all_customers_batch.json",
      mcp("linkedin", "create_post", {"author": "urn:li:organization:123", "text": "We are hiring", "visibility": "PUBLIC"}),
    ]) stopped(asCall(c));
  });
  it('everyday look-alikes are allowed and fire none of these rules', () => {
    for (const c of [
      http("POST", "https://api.sendgrid.com/v3/mail/send", "{\"personalizations\":[{\"to\":[{\"email\":\"dev@acme.io\"}]}],\"from\":{\"email\":\"ci@acme.io\"},\"subject\":\"test\",\"content\":[{\"type\":\"text/plain\",\"value\":\"hello\"}]}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      "curl -s --user \"api:$MAILGUN_API_KEY\" https://api.mailgun.net/v3/sandbox1234.mailgun.org/messages -F from='Test <test@sandbox1234.mailgun.org>' -F to=dev@acme.io -F subject=Hello -F text='Testing'",
      "aws ses send-email --from ci@acme.io --destination ToAddresses=dev@acme.io --message \"Subject={Data=test},Body={Text={Data=hello}}\"",
      "curl -s https://us21.api.mailchimp.com/3.0/campaigns?count=10 -u anystring:$MAILCHIMP_KEY",
      http("POST", "https://us21.api.mailchimp.com/3.0/campaigns/9f3a2b71c4/actions/test", "{\"test_emails\":[\"me@acme.io\"],\"send_type\":\"html\"}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("POST", "https://us21.api.mailchimp.com/3.0/campaigns", "{\"type\":\"regular\",\"recipients\":{\"list_id\":\"a1b2c3\"},\"settings\":{\"subject_line\":\"Draft\",\"from_name\":\"Acme\",\"reply_to\":\"news@acme.io\"}}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("GET", "https://api.sendgrid.com/v3/stats?start_date=2026-11-01", undefined, {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("GET", "https://api.sendgrid.com/v3/templates?generations=dynamic", undefined, {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      "twilio api:core:messages:create --from +15005550006 --to +14155550123 --body \"test\"",
      http("POST", "https://fcm.googleapis.com/v1/projects/acme-dev/messages:send", "{\"message\":{\"token\":\"dXyZ12abc:APA91bH-test\",\"notification\":{\"title\":\"Test\",\"body\":\"hello\"}}}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("POST", "https://fcm.googleapis.com/v1/projects/acme-prod/messages:send", "{\"validate_only\":true,\"message\":{\"topic\":\"all\",\"notification\":{\"title\":\"x\",\"body\":\"y\"}}}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("POST", "https://onesignal.com/api/v1/notifications", "{\"app_id\":\"5eb5a37e\",\"include_player_ids\":[\"1dd608f2-c6a1-11e3-851d-000c2940e62c\"],\"contents\":{\"en\":\"test\"}}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("POST", "https://exp.host/--/api/v2/push/send", "{\"to\":\"ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]\",\"title\":\"test\",\"body\":\"hello\"}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("GET", "https://api.onesignal.com/notifications?app_id=5eb5a37e&limit=10", undefined, {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("GET", "https://api.statuspage.io/v1/pages/abc/incidents/unresolved", undefined, {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      "curl -X POST https://slack.com/api/chat.postMessage -H \"Authorization: Bearer $SLACK_BOT_TOKEN\" -d channel=C0DEVTEAM -d text=\"Build 1234 passed\"",
      mcp("slack", "slack_post_message", {"channel_id": "C0TEAMBACKEND", "text": "PR #812 is ready for review"}),
      mcp("slack", "post_message", {"channel": "D024BE91L", "text": "Here is the log you asked for"}),
      "curl -H 'Content-Type: application/json' -d '{\"content\":\"Build 1234 passed on main\"}' https://discord.com/api/webhooks/1234567890/abcDEF",
      "swaks --to dev@acme.test --from ci@acme.test --server localhost:1025 --body 'hello'",
      http("POST", "http://localhost:8025/api/v1/send", "{\"From\":{\"Email\":\"a@acme.test\"},\"To\":[{\"Email\":\"b@acme.test\"}],\"Subject\":\"hi\",\"Text\":\"x\"}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("GET", "https://api.twitter.com/2/users/me", undefined, {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("POST", "https://acme.ghost.io/ghost/api/admin/posts/?source=html", "{\"posts\":[{\"title\":\"Draft: Q4 update\",\"html\":\"<p>wip</p>\",\"status\":\"draft\"}]}", {"Authorization": "Ghost eyJ..."}),
      http("PUT", "https://acme.zendesk.com/api/v2/tickets/12345.json", "{\"ticket\":{\"status\":\"solved\",\"comment\":{\"body\":\"Fixed in 2.4.1\",\"public\":true}}}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("GET", "https://acme.zendesk.com/api/v2/tickets.json?page[size]=25", undefined, {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("POST", "https://api.intercom.io/conversations/123456/reply", "{\"message_type\":\"comment\",\"type\":\"admin\",\"admin_id\":\"1\",\"body\":\"Thanks, looking into it\"}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("POST", "https://api.customer.io/v1/send/email", "{\"to\":\"me@acme.io\",\"transactional_message_id\":\"3\",\"identifiers\":{\"id\":\"me\"}}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      "aws sns publish --topic-arn arn:aws:sns:us-east-1:123456789012:dev-build-notifications --message \"build ok\"",
      http("GET", "https://rest.iad-01.braze.com/campaigns/list", undefined, {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      mcp("mailchimp", "list_campaigns", {"count": 10}),
      mcp("mailchimp", "create_campaign", {"type": "regular", "list_id": "a1b2c3", "subject_line": "Draft newsletter"}),
      http("POST", "https://rest.iad-01.braze.com/messages/send", "{\"external_user_ids\":[\"qa-test-user-1\"],\"messages\":{\"apple_push\":{\"alert\":\"test\"}}}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      "node -e \"require('nodemailer').createTransport({host:'localhost',port:1025}).sendMail({from:'a@acme.test',to:'b@acme.test',subject:'x',text:'y'})\"",
      mcp("twitter", "search_tweets", {"query": "acme outage"}),
      http("POST", "https://api.sparkpost.com/api/v1/transmissions", "{\"recipients\":[{\"address\":\"qa@acme.io\"}],\"content\":{\"template_id\":\"welcome\"},\"options\":{\"sandbox\":true}}", {"Authorization": "Bearer x", "Content-Type": "application/json"}),
      http("GET", "https://api.mailjet.com/v3/REST/campaign?Limit=10", undefined, {"Authorization": "Bearer x", "Content-Type": "application/json"}),
      "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"deploy of api v2.3 finished\"}' https://hooks.slack.com/services/T000/B000/XXXX",
      mcp("x", "get_user_timeline", {"username": "acme"}),
      mcp("intercom", "reply_to_conversation", {"conversation_id": "123", "body": "Thanks!"}),
      "aws pinpoint get-campaigns --application-id abc123",
      http("POST", "https://api.knock.app/v1/workflows/password-reset/trigger", "{\"recipients\":[\"user_123\"],\"data\":{\"link\":\"x\"}}", {"Authorization": "Bearer x", "Content-Type": "application/json"}),
      "curl -s https://api.instatus.com/v1/$PAGE/incidents -H \"Authorization: Bearer $INSTATUS\"",
      mcp("zendesk", "update_ticket", {"ticket_id": 42, "status": "solved"}),
      "gh api repos/acme/app/statuses/abc123 -f state=success -f context=ci",
      http("POST", "https://api.github.com/repos/acme/app/statuses/3f2a1b", "{\"state\":\"success\",\"context\":\"ci/build\"}", {"Authorization": "Bearer x", "Content-Type": "application/json"}),
      http("POST", "https://acme.atlassian.net/rest/api/3/issue", "{\"fields\":{\"project\":{\"key\":\"OPS\"},\"summary\":\"Broadcast job failing\",\"issuetype\":{\"name\":\"Bug\"}}}", {"Authorization": "Bearer x", "Content-Type": "application/json"}),
    ]) quietAll(c);
  });
});

describe('feature flags and remote config', () => {
  it('harmful writings are held, and everything-at-once writings denied', () => {
    each('feature-flag-switched-in-production-cli', 'deny', [
      "curl -X PATCH https://app.launchdarkly.com/api/v2/flags/default/new-checkout -H \"Authorization: $LD_API_KEY\" -H \"Content-Type: application/json; domain-model=launchdarkly.semanticpatch\" -d '{\"environmentKey\":\"production\",\"instructions\":[{\"kind\":\"turnFlagOff\"}]}'",
      "curl -X PUT \"https://api.split.io/internal/api/v2/splits/ws/$WS_ID/checkout_v2/environments/Production/kill\" -H \"Authorization: Bearer $SPLIT_ADMIN_KEY\"",
      "curl -X POST https://unleash.acme.io/api/admin/projects/default/features/payments/environments/production/off -H \"Authorization: $UNLEASH_ADMIN_TOKEN\"",
    ]);
    each('flag-changed-in-production-body-api', 'stopped', [
      http("PATCH", "https://app.launchdarkly.com/api/v2/flags/default/payments-v2", "[{\"op\":\"replace\",\"path\":\"/environments/production/on\",\"value\":false}]", {"Authorization": "api-abc", "Content-Type": "application/json"}),
      http("PATCH", "https://app.launchdarkly.com/api/v2/flags/default/new-search", "{\"environmentKey\":\"production\",\"instructions\":[{\"kind\":\"updateFallthroughVariationOrRollout\",\"rolloutWeights\":{\"v-on\":100000,\"v-off\":0}}]}", {"Authorization": "api-abc", "Content-Type": "application/json; domain-model=launchdarkly.semanticpatch"}),
      http("PATCH", "https://app.launchdarkly.com/api/v2/flags/default/new-search", "[{\"op\":\"replace\",\"path\":\"/environments/production/rules\",\"value\":[]}]", {"Authorization": "api-abc", "Content-Type": "application/json"}),
      http("PATCH", "https://app.launchdarkly.com/api/v2/flags/default/new-search", "{\"environmentKey\":\"production\",\"instructions\":[{\"kind\":\"removeAllTargets\"},{\"kind\":\"replaceRules\",\"rules\":[]}]}", {"Authorization": "api-abc", "Content-Type": "application/json; domain-model=launchdarkly.semanticpatch"}),
      http("POST", "https://api.growthbook.io/api/v1/features/new-checkout/toggle", "{\"reason\":\"kill\",\"environments\":{\"production\":false}}", {"Authorization": "Bearer secret_abc"}),
      http("PATCH", "https://app.launchdarkly.com/api/v2/flags/web/dark-mode", "{\"environmentKey\":\"prod\",\"instructions\":[{\"kind\":\"turnFlagOn\"}]}", {"Authorization": "api-x", "Content-Type": "application/json; domain-model=launchdarkly.semanticpatch"}),
    ]);
    each('mcp-flag-switched-in-production', 'deny', [
      mcp("launchdarkly", "update_feature_flag", {"projectKey": "default", "featureFlagKey": "checkout-kill-switch", "environment": "production", "on": true}),
    ]);
    each('feature-flag-switched-in-production-vendor-cli', 'stopped', [
      "ldcli flags toggle-off --project default --environment production --flag new-checkout",
      "ldcli flags update --project default --flag new-checkout --data '{\"patch\":[{\"op\":\"replace\",\"path\":\"/environments/production/on\",\"value\":true}]}'",
      "configcat flag value update --flag-id 123 --environment-id $PROD_ENV_ID --flag-value false",
      "firebase remoteconfig:rollback --project acme-prod --version-number 12 --force",
      "firebase deploy --only remoteconfig --project acme-prod",
      "aws appconfig start-deployment --application-id abc123 --environment-id prod456 --deployment-strategy-id AppConfig.AllAtOnce --configuration-profile-id xyz789 --configuration-version 7 --description \"kill checkout in production\"",
      "az appconfig feature disable --name acme-appconfig --feature Checkout --label Production --yes",
      "az appconfig feature delete --name acme-appconfig --feature Beta --label prod --yes",
      "consul kv put config/production/payments/enabled false",
      "consul kv delete -recurse config/prod/features/",
      "etcdctl --endpoints=https://etcd-prod.acme.internal:2379 put /config/prod/features/checkout false",
      "kubectl -n production patch configmap feature-flags --type merge -p '{\"data\":{\"CHECKOUT_ENABLED\":\"false\"}}'",
      "unleash-cli toggle off new-checkout --environment production",
      "gcloud firebase remoteconfig ... || firebase remoteconfig:rollback -v 3 -P shop-production",
      "kubectl --context prod patch cm app-flags -p '{\"data\":{\"payments.enabled\":\"false\"}}'",
    ]);
    each('kill-switch-flipped-in-production-body-api', 'deny', [
      http("POST", "https://admin.acme.io/api/kill-switch/payments", "{\"enabled\":true,\"environment\":\"production\"}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
    ]);
    each('flag-archived-any-api', 'stopped', [
      http("PATCH", "https://app.launchdarkly.com/api/v2/flags/default/old-billing", "[{\"op\":\"replace\",\"path\":\"/archived\",\"value\":true}]", {"Authorization": "api-abc", "Content-Type": "application/json"}),
    ]);
    each('feature-flag-switched-in-production-cli', 'stopped', [
      "python3 -c \"import requests,os; requests.patch('https://app.launchdarkly.com/api/v2/flags/default/new-checkout', headers={'Authorization': os.environ['LD_KEY']}, json=[{'op':'replace','path':'/environments/production/on','value':False}])\"",
      "curl -X POST https://api.optimizely.com/flags/v1/projects/2012345/flags/new_checkout/environments/production/ruleset/disabled -H \"Authorization: Bearer $OPTIMIZELY_TOKEN\"",
      "curl -X PUT https://flipt.acme.io/api/v1/namespaces/production/flags/checkout -H \"Authorization: Bearer $FLIPT_TOKEN\" -d '{\"key\":\"checkout\",\"name\":\"checkout\",\"enabled\":false}'",
      "curl -X PUT https://flags.acme.internal/api/flags/maintenance_mode -d '{\"env\":\"production\",\"value\":true}'",
      "curl -X PATCH https://api.flagsmith.com/api/v1/environments/$PROD_ENV_KEY/featurestates/991/ -H \"Authorization: Token $FS\" -d '{\"enabled\": false}'",
    ]);
    each('flag-changed-in-production-url-api', 'stopped', [
      http("POST", "https://unleash.acme.io/api/admin/projects/default/features/new-checkout/environments/production/strategies", "{\"name\":\"flexibleRollout\",\"parameters\":{\"rollout\":\"100\",\"stickiness\":\"default\",\"groupId\":\"new-checkout\"}}", {"Authorization": "user:abc"}),
      http("PATCH", "https://api.devcycle.com/v1/projects/acme/features/checkout/configurations?environment=production", "{\"status\":\"inactive\"}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("PUT", "https://api.harness.io/cf/admin/features/checkout?environmentIdentifier=production&accountIdentifier=x", "{\"instructions\":[{\"kind\":\"setFeatureFlagState\",\"parameters\":{\"state\":\"off\"}}]}", {"Authorization": "Bearer x", "Content-Type": "application/json"}),
    ]);
    each('feature-flag-deleted-or-killed-cli', 'stopped', [
      "curl -X DELETE https://unleash.acme.io/api/admin/projects/default/features/new-checkout -H \"Authorization: $UNLEASH_ADMIN_TOKEN\"",
      "curl -X PUT https://statsigapi.net/console/v1/gates/new_checkout/disable -H \"STATSIG-API-KEY: $STATSIG_CONSOLE_KEY\"",
    ]);
    each('mcp-flag-switched-in-production', 'stopped', [
      mcp("unleash", "toggle_feature_environment", {"project": "default", "feature": "new-checkout", "environment": "production", "enabled": false}),
      mcp("flagsmith", "update_feature_state", {"environment": "production", "feature": "payments_enabled", "enabled": false}),
      mcp("growthbook", "toggle_feature", {"id": "new-checkout", "environment": "production", "enabled": false}),
      mcp("configcat", "update_flag_value", {"settingId": 12, "environmentId": "production", "value": false}),
    ]);
    each('flag-switched-off-any-env-api', 'stopped', [
      http("PATCH", "https://statsigapi.net/console/v1/gates/new_checkout", "{\"rules\":[]}", {"STATSIG-API-KEY": "console-abc"}),
      http("PATCH", "https://us.posthog.com/api/projects/12345/feature_flags/678/", "{\"active\":false}", {"Authorization": "Bearer phx_abc"}),
      http("PATCH", "https://app.posthog.com/api/projects/12345/feature_flags/678/", "{\"filters\":{\"groups\":[{\"properties\":[],\"rollout_percentage\":100}]}}", {"Authorization": "Bearer phx_abc"}),
    ]);
    each('mcp-flag-deleted', 'stopped', [
      mcp("posthog", "delete_feature_flag", {"flagId": 678}),
      mcp("launchdarkly", "delete_flag", {"projectKey": "default", "flagKey": "checkout-kill-switch"}),
      mcp("statsig", "disable_gate", {"gate": "new_checkout"}),
    ]);
    each('remote-config-replaced-in-production-api', 'stopped', [
      http("PUT", "https://firebaseremoteconfig.googleapis.com/v1/projects/acme-prod/remoteConfig", "{\"parameters\":{\"checkout_enabled\":{\"defaultValue\":{\"value\":\"false\"}}}}", {"Authorization": "Bearer ya29.abc", "If-Match": "*"}),
    ]);
    each('content-flag-switched-in-production', 'stopped', [
      fileWrite("/home/dev/projects/infra/launchdarkly/flags.tf", "resource \"launchdarkly_feature_flag_environment\" \"checkout_prod\" {\n  flag_id = launchdarkly_feature_flag.checkout.id\n  env_key = \"production\"\n  on      = false\n  fallthrough {\n    variation = 1\n  }\n}\n"),
    ]);
    each('flag-killed-any-env-api', 'stopped', [
      http("POST", "https://flags.acme.io/api/v1/features/payments/kill", "{\"environment\":\"production\",\"reason\":\"incident\"}", {"Authorization": "Bearer x", "Content-Type": "application/json"}),
    ]);
    // Held by rules written before this act's (kept here so the act stays pinned whole).
    for (const c of [
      http("DELETE", "https://app.launchdarkly.com/api/v2/flags/default/checkout-redesign", undefined, {"Authorization": "api-abc"}),
      "aws ssm put-parameter --name /prod/flags/checkout_enabled --value false --overwrite",
    ]) stopped(asCall(c));
  });
  it('everyday look-alikes are allowed and fire none of these rules', () => {
    for (const c of [
      "curl -s https://app.launchdarkly.com/api/v2/flags/default?env=production -H \"Authorization: $LD_API_KEY\"",
      http("GET", "https://app.launchdarkly.com/api/v2/flags/default/new-checkout?env=production", undefined, {"Authorization": "api-abc"}),
      "ldcli flags list --project default",
      "ldcli flags toggle-on --project default --environment staging --flag new-checkout",
      http("PATCH", "https://app.launchdarkly.com/api/v2/flags/default/new-checkout", "[{\"op\":\"replace\",\"path\":\"/environments/staging/on\",\"value\":false}]", {"Authorization": "api-abc", "Content-Type": "application/json"}),
      http("POST", "https://app.launchdarkly.com/api/v2/flags/default", "{\"key\":\"new-thing\",\"name\":\"New thing\",\"temporary\":true}", {"Authorization": "api-abc"}),
      http("PATCH", "https://app.launchdarkly.com/api/v2/flags/default/new-checkout", "[{\"op\":\"replace\",\"path\":\"/description\",\"value\":\"Gates the new checkout flow\"}]", {"Authorization": "api-abc", "Content-Type": "application/json"}),
      "curl -X POST https://unleash.acme.io/api/admin/projects/default/features/new-checkout/environments/development/on -H \"Authorization: $UNLEASH_ADMIN_TOKEN\"",
      "curl -s https://unleash.acme.io/api/admin/projects/default/features -H \"Authorization: $UNLEASH_ADMIN_TOKEN\"",
      http("POST", "https://api.statsig.com/v1/check_gate", "{\"user\":{\"userID\":\"42\"},\"gateName\":\"new_checkout\"}", {"statsig-api-key": "secret-abc"}),
      http("GET", "https://sdk.launchdarkly.com/sdk/latest-all", undefined, {"Authorization": "sdk-abc"}),
      http("POST", "https://us.i.posthog.com/decide/?v=3", "{\"api_key\":\"phc_abc\",\"distinct_id\":\"42\"}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("GET", "https://us.posthog.com/api/projects/12345/feature_flags/", undefined, {"Authorization": "Bearer phx_abc"}),
      http("POST", "https://api.growthbook.io/api/v1/features/new-checkout/toggle", "{\"reason\":\"testing\",\"environments\":{\"staging\":true}}", {"Authorization": "Bearer secret_abc"}),
      "curl -X POST https://api.optimizely.com/flags/v1/projects/2012345/flags/new_checkout/environments/development/ruleset/enabled -H \"Authorization: Bearer $OPTIMIZELY_TOKEN\"",
      "firebase remoteconfig:get --project acme-prod -o rc.json",
      "firebase remoteconfig:versions:list --project acme-prod",
      "aws appconfig get-configuration-profile --application-id abc123 --configuration-profile-id xyz789",
      "aws appconfig start-deployment --application-id abc123 --environment-id dev789 --deployment-strategy-id AppConfig.AllAtOnce --configuration-profile-id xyz789 --configuration-version 8 --description \"dev\"",
      "az appconfig feature list --name acme-appconfig --label Production",
      "az appconfig feature enable --name acme-appconfig --feature Beta --label dev --yes",
      "consul kv get config/production/payments/enabled",
      "consul kv put config/dev/payments/enabled true",
      "etcdctl get /config/prod/features/checkout",
      fileWrite("/home/dev/projects/infra/launchdarkly/flags.tf", "resource \"launchdarkly_feature_flag_environment\" \"checkout_test\" {\n  flag_id = launchdarkly_feature_flag.checkout.id\n  env_key = \"test\"\n  on      = true\n}\n"),
      "kubectl -n staging patch configmap feature-flags --type merge -p '{\"data\":{\"CHECKOUT_ENABLED\":\"true\"}}'",
      http("PATCH", "https://app.posthog.com/api/projects/12345/feature_flags/678/", "{\"name\":\"New checkout flow (beta)\"}", {"Authorization": "Bearer phx_abc"}),
      http("POST", "https://flipt.acme.io/evaluate/v1/boolean", "{\"namespaceKey\":\"production\",\"flagKey\":\"checkout\",\"entityId\":\"42\",\"context\":{}}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      mcp("launchdarkly", "get_feature_flag", {"projectKey": "default", "featureFlagKey": "new-checkout", "environment": "production"}),
      mcp("launchdarkly", "update_feature_flag", {"projectKey": "default", "featureFlagKey": "new-checkout", "environment": "staging", "on": true}),
      mcp("unleash", "create_feature_flag", {"project": "default", "name": "new-onboarding", "type": "release"}),
      http("POST", "https://unleash.acme.io/api/admin/projects/default/features/new-checkout/environments/staging/strategies", "{\"name\":\"flexibleRollout\",\"parameters\":{\"rollout\":\"50\",\"stickiness\":\"default\",\"groupId\":\"new-checkout\"}}", {"Authorization": "user:abc"}),
      "curl -s \"https://api.split.io/internal/api/v2/splits/ws/$WS_ID\" -H \"Authorization: Bearer $SPLIT_ADMIN_KEY\"",
      "curl -X PATCH https://api.flagsmith.com/api/v1/environments/$DEV_ENV_KEY/featurestates/991/ -H \"Authorization: Token $FS\" -d '{\"enabled\": true}'",
      mcp("statsig", "get_gate", {"gate": "new_checkout"}),
      mcp("configcat", "update_flag_value", {"settingId": 12, "environmentId": "test", "value": true}),
      "aws ssm get-parameter --name /prod/flags/checkout_enabled",
      http("GET", "https://api.harness.io/cf/admin/features?environmentIdentifier=production&accountIdentifier=x", undefined, {"Authorization": "Bearer x", "Content-Type": "application/json"}),
      "kubectl --context dev patch cm app-flags -p '{\"data\":{\"payments.enabled\":\"true\"}}'",
      "grep -rn \"isFeatureEnabled('new-checkout')\" src/",
      "npx launchdarkly-cli flags list --project default",
    ]) quietAll(c);
  });
});

describe('observability and incident tooling', () => {
  it('harmful writings are held, and everything-at-once writings denied', () => {
    each('alerting-silenced-everything', 'deny', [
      "curl -X POST \"https://api.datadoghq.com/api/v1/monitor/mute_all\" -H \"DD-API-KEY: $DD_API_KEY\" -H \"DD-APPLICATION-KEY: $DD_APP_KEY\"",
      "amtool silence add --alertmanager.url=http://alertmanager.prod:9093 'severity=~\".*\"' --duration=720h --comment=\"quiet\"",
    ]);
    each('alerting-silenced-everything-api', 'deny', [
      http("POST", "https://api.opsgenie.com/v1/maintenance", "{\"description\":\"quiet\",\"time\":{\"type\":\"indefinitely\"},\"rules\":[{\"state\":\"disabled\",\"entity\":{\"id\":\"*\",\"type\":\"integration\"}}]}", {"Authorization": "GenieKey abc"}),
    ]);
    each('mcp-alerting-silenced-everything', 'deny', [
      mcp("datadog", "mute_monitors", {"scope": "*", "end": 0}),
    ]);
    each('alerting-or-telemetry-removed-cli', 'stopped', [
      "curl -X DELETE \"https://api.datadoghq.com/api/v1/monitor/12345\" -H \"DD-API-KEY: $DD_API_KEY\" -H \"DD-APPLICATION-KEY: $DD_APP_KEY\"",
      "dog monitor delete 12345",
      "ssh prod-web-01 'sudo systemctl stop datadog-agent && sudo systemctl disable datadog-agent'",
      "curl -X DELETE https://grafana.acme.io/api/dashboards/uid/prod-overview -H \"Authorization: Bearer $GRAFANA_TOKEN\"",
      "gcloud logging sinks update _Default --add-exclusion=name=everything,filter='severity>=DEFAULT'",
      "gcloud alpha monitoring policies delete projects/acme-prod/alertPolicies/123456 --quiet",
      "az monitor diagnostic-settings delete --name send-to-la --resource /subscriptions/abc/resourceGroups/prod-rg/providers/Microsoft.Sql/servers/prod-sql",
      "az monitor metrics alert update --name prod-cpu-high --resource-group prod-rg --enabled false",
      "az monitor action-group delete --name oncall-pager --resource-group prod-rg",
      "heroku drains:remove https://logs.papertrailapp.com:12345 -a acme-prod",
      "curl -X DELETE https://api.github.com/enterprises/acme/audit-log/streams/1 -H \"Authorization: Bearer $GH_TOKEN\"",
      "sudo systemctl stop otelcol-contrib && sudo systemctl disable otelcol-contrib",
      "curl -X PUT \"https://api.datadoghq.eu/api/v1/monitor/777\" -H \"DD-API-KEY: $K\" -H \"DD-APPLICATION-KEY: $A\" -d '{\"options\":{\"silenced\":{\"*\":null}}}'",
      "curl -X DELETE https://grafana.acme.io/api/v1/provisioning/alert-rules/$UID -H \"Authorization: Bearer $G\"",
      "az monitor scheduled-query update -n prod-errors -g prod-rg --disabled true",
    ]);
    each('alerting-paused-api', 'stopped', [
      http("PUT", "https://api.datadoghq.com/api/v1/monitor/12345", "{\"options\":{\"silenced\":{\"*\":null}}}", {"DD-API-KEY": "abc", "DD-APPLICATION-KEY": "def"}),
      http("PUT", "https://grafana.acme.io/api/v1/provisioning/alert-rules/abc123", "{\"uid\":\"abc123\",\"title\":\"API 5xx\",\"isPaused\":true}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
    ]);
    each('on-call-emptied-api', 'stopped', [
      http("PUT", "https://api.pagerduty.com/schedules/PXYZ123", "{\"schedule\":{\"schedule_layers\":[]}}", {"Authorization": "Token token=abc"}),
      http("PUT", "https://api.pagerduty.com/escalation_policies/PABC123", "{\"escalation_policy\":{\"escalation_rules\":[]}}", {"Authorization": "Token token=abc"}),
      http("PATCH", "https://api.opsgenie.com/v2/schedules/ops-primary/rotations/rot-1?identifierType=name", "{\"participants\":[]}", {"Authorization": "GenieKey abc"}),
    ]);
    each('monitor-or-dashboard-deleted-api', 'stopped', [
      http("DELETE", "https://grafana.acme.io/api/v1/provisioning/policies", undefined, {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("DELETE", "https://sentry.io/api/0/projects/acme/api/rules/123/", undefined, {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("DELETE", "https://api.datadoghq.com/api/v1/dashboard/abc-def-ghi", undefined, {"DD-API-KEY": "abc", "DD-APPLICATION-KEY": "def"}),
    ]);
    each('alerting-silenced-everything-api', 'stopped', [
      http("POST", "https://grafana.acme.io/api/alertmanager/grafana/api/v2/silences", "{\"matchers\":[{\"name\":\"alertname\",\"value\":\".+\",\"isRegex\":true,\"isEqual\":true}],\"startsAt\":\"2026-11-25T12:00:00Z\",\"endsAt\":\"2026-12-25T12:00:00Z\",\"comment\":\"quiet\",\"createdBy\":\"agent\"}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
    ]);
    each('alerting-removed-graphql', 'stopped', [
      http("POST", "https://api.newrelic.com/graphql", "{\"query\":\"mutation { alertsPolicyDelete(accountId: 1234567, id: 987654) { id } }\"}", {"API-Key": "NRAK-abc"}),
    ]);
    each('content-telemetry-dropped', 'stopped', [
      fileWrite("/home/dev/projects/app/otel/collector-prod.yaml", "processors:\n  probabilistic_sampler:\n    sampling_percentage: 0\nservice:\n  pipelines:\n    traces:\n      receivers: [otlp]\n      processors: [probabilistic_sampler]\n      exporters: [otlphttp]\n"),
      fileWrite("/etc/fluent-bit/fluent-bit.conf", "[INPUT]\n    Name tail\n    Path /var/log/app/*.log\n\n[OUTPUT]\n    Name null\n    Match *\n"),
    ]);
    each('telemetry-retention-or-sampling-cut-api', 'stopped', [
      http("PUT", "https://api.datadoghq.com/api/v1/logs/config/indexes/main", "{\"filter\":{\"query\":\"*\"},\"num_retention_days\":1}", {"DD-API-KEY": "abc", "DD-APPLICATION-KEY": "def"}),
      http("PATCH", "https://api.datadoghq.com/api/v2/apm/config/retention-filters/abc", "{\"data\":{\"type\":\"apm_retention_filter\",\"attributes\":{\"name\":\"prod\",\"rate\":0,\"enabled\":true,\"filter\":{\"query\":\"env:prod\"}}}}", {"DD-API-KEY": "abc", "DD-APPLICATION-KEY": "def"}),
    ]);
    // Held by rules written before this act's (kept here so the act stays pinned whole).
    for (const c of [
      "kubectl --context prod -n datadog delete daemonset datadog-agent",
      "kubectl -n observability scale deployment otel-collector --replicas=0 --context prod-us",
      "kubectl -n logging delete daemonset fluent-bit --context production",
      "amtool silence add --alertmanager.url=http://alertmanager.prod:9093 env=production --duration=30d --comment=\"too noisy\"",
      "aws logs delete-log-group --log-group-name /aws/lambda/payments-prod",
      "aws logs put-retention-policy --log-group-name /prod/api --retention-in-days 1",
      "aws logs delete-subscription-filter --log-group-name /prod/api --filter-name to-splunk",
      "gcloud logging sinks delete prod-audit-sink --quiet",
      "gcloud logging buckets update _Default --location=global --retention-days=1 --project acme-prod",
      "kubectl set env deployment/api -n production OTEL_TRACES_SAMPLER=always_off",
      "kubectl set env deploy/api -n prod DD_TRACE_ENABLED=false DD_LOGS_ENABLED=false",
      mcp("datadog", "delete_monitor", {"monitor_id": 12345}),
      mcp("grafana", "delete_dashboard", {"uid": "prod-overview"}),
      mcp("sentry", "delete_alert_rule", {"organization_slug": "acme", "project_slug": "api", "rule_id": 123}),
      http("DELETE", "https://api.newrelic.com/v2/alerts_policies/12345.json", undefined, {"X-Api-Key": "NRAK-x"}),
      mcp("grafana", "delete_alert_rule", {"uid": "abc"}),
      "aws logs delete-retention-policy --log-group-name /prod/api && aws logs put-retention-policy --log-group-name /prod/api --retention-in-days 1",
      "kubectl -n monitoring --context production delete servicemonitor --all",
      "helm uninstall datadog -n datadog --kube-context prod",
      mcp("sentry", "update_alert_rule", {"rule_id": 1, "status": "disabled"}),
    ]) stopped(asCall(c));
    for (const c of [
      "aws cloudwatch delete-alarms --alarm-names $(aws cloudwatch describe-alarms --query 'MetricAlarms[].AlarmName' --output text)",
      "kubectl --context prod-eu -n monitoring delete prometheusrule --all",
    ]) denied(asCall(c));
  });
  it('everyday look-alikes are allowed and fire none of these rules', () => {
    for (const c of [
      http("POST", "https://api.datadoghq.com/api/v1/monitor", "{\"name\":\"API p99 latency\",\"type\":\"metric alert\",\"query\":\"avg(last_5m):p99:trace.http.request{service:api} > 2\",\"message\":\"@pagerduty-api\"}", {"DD-API-KEY": "abc", "DD-APPLICATION-KEY": "def"}),
      "curl -s \"https://api.datadoghq.com/api/v1/monitor?name=api\" -H \"DD-API-KEY: $DD_API_KEY\" -H \"DD-APPLICATION-KEY: $DD_APP_KEY\"",
      http("GET", "https://api.datadoghq.com/api/v1/dashboard/abc-def-ghi", undefined, {"DD-API-KEY": "abc", "DD-APPLICATION-KEY": "def"}),
      "amtool silence add --alertmanager.url=http://alertmanager.staging:9093 alertname=HighLatency env=staging --duration=1h --comment=\"deploy window\"",
      http("PUT", "https://api.pagerduty.com/incidents/Q1ABCDEF", "{\"incident\":{\"type\":\"incident_reference\",\"status\":\"acknowledged\"}}", {"Authorization": "Token token=abc"}),
      "pd incident ack -i Q1ABCDEF",
      http("PUT", "https://api.datadoghq.com/api/v1/dashboard/abc-def-ghi", "{\"title\":\"API latency (p99)\",\"layout_type\":\"ordered\",\"widgets\":[]}", {"DD-API-KEY": "abc", "DD-APPLICATION-KEY": "def"}),
      http("POST", "https://api.datadoghq.com/api/v1/monitor/12345/mute", "{\"scope\":\"env:dev\",\"end\":1764000000}", {"DD-API-KEY": "abc", "DD-APPLICATION-KEY": "def"}),
      http("POST", "https://grafana.acme.io/api/dashboards/db", "{\"dashboard\":{\"title\":\"Checkout\",\"panels\":[]},\"overwrite\":false}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      "aws cloudwatch put-metric-alarm --alarm-name api-5xx --metric-name 5XXError --namespace AWS/ApiGateway --statistic Sum --period 60 --threshold 5 --comparison-operator GreaterThanThreshold --evaluation-periods 1",
      "aws logs put-retention-policy --log-group-name /dev/api --retention-in-days 7",
      "aws logs put-retention-policy --log-group-name /prod/api --retention-in-days 90",
      "gcloud logging sinks list --project acme-prod",
      "kubectl -n monitoring get pods",
      "kubectl -n datadog rollout restart daemonset/datadog-agent",
      "sudo datadog-agent status",
      "sudo systemctl restart datadog-agent",
      fileWrite("/home/dev/projects/app/otel/collector-staging.yaml", "processors:\n  probabilistic_sampler:\n    sampling_percentage: 10\n"),
      http("POST", "https://sentry.io/api/0/projects/acme/api/rules/", "{\"name\":\"New errors\",\"actionMatch\":\"any\",\"conditions\":[{\"id\":\"sentry.rules.conditions.first_seen_event.FirstSeenEventCondition\"}],\"actions\":[]}", {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      http("POST", "https://api.opsgenie.com/v2/alerts/abc-123/acknowledge", "{\"user\":\"dev@acme.io\",\"note\":\"looking\"}", {"Authorization": "GenieKey abc"}),
      "docker compose -f docker-compose.dev.yml stop otel-collector",
      mcp("datadog", "get_monitors", {"name": "api"}),
      mcp("grafana", "search_dashboards", {"query": "checkout"}),
      mcp("pagerduty", "list_incidents", {"statuses": ["triggered"]}),
      mcp("datadog", "create_monitor", {"name": "Queue depth", "type": "metric alert", "query": "avg(last_5m):sum:queue.depth{*} > 1000"}),
      "kubectl -n staging scale deployment otel-collector --replicas=0",
      http("GET", "https://grafana.acme.io/api/search?query=checkout", undefined, {"Authorization": "Bearer sk_x", "Content-Type": "application/json"}),
      "aws cloudwatch describe-alarms --state-value ALARM",
      "gcloud logging sinks create dev-sink storage.googleapis.com/acme-dev-logs --log-filter='resource.type=\"gce_instance\"'",
      http("GET", "https://api.newrelic.com/v2/alerts_policies.json", undefined, {"X-Api-Key": "NRAK-x"}),
      mcp("grafana", "get_alert_rule", {"uid": "abc"}),
      "helm upgrade datadog datadog/datadog -n datadog -f values.yaml",
      "kubectl -n monitoring get servicemonitor",
      mcp("pagerduty", "acknowledge_incident", {"id": "Q1"}),
      http("POST", "https://api.uptimerobot.com/v2/getMonitors", "api_key=x&format=json", {"Authorization": "Bearer x", "Content-Type": "application/json"}),
      "curl -X POST \"https://api.datadoghq.com/api/v1/monitor/777/unmute\" -H \"DD-API-KEY: $K\" -H \"DD-APPLICATION-KEY: $A\"",
    ]) quietAll(c);
  });
});
