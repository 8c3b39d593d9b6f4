// Objective-C: @"..." literals, Foundation and SPLocalizedString macros.
#import <UIKit/UIKit.h>
#import "SPLocalizedString.h"

@implementation ViewController

- (void)viewDidLoad
{
    [super viewDidLoad];
    // TRANSLATORS: the screen's title
    self.title = NSLocalizedString(@"Settings", @"Title of the settings screen");
    self.label.text = NSLocalizedStringFromTable(@"Sign in", @"Login", @"Button on the login screen");
    self.other.text = NSLocalizedStringFromTableInBundle(@"Sign out", @"Login", [NSBundle mainBundle], @"Button");
    self.hint.text = NSLocalizedStringWithDefaultValue(@"hint.password", @"Login", [NSBundle mainBundle],
                                                       @"At least 8 characters", @"Password hint");
    self.cf.text = (__bridge NSString *)CFCopyLocalizedString(CFSTR("Core Foundation"), "CF comment");
    self.cf2.text = (__bridge NSString *)CFCopyLocalizedString(@"CF string", "CF comment");
    nameLabel.text = SPLocalizedString(@"Name", @"Name label in login screen");
    otherLabel.text = SPLocalizedString(@"Name", @"Name label in registration screen");
    NSString *format = SPLocalizedStringPlural(@"You have %d followers.", @"Number of followers label", count);
    [super setText:NSLocalizedString(text, nil)];
    self.empty.text = NSLocalizedString(@"No comment", nil);
    self.concat.text = NSLocalizedString(@"ObjC " @"concatenation", @"");
}

@end
