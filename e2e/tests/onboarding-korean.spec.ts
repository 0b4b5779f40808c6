import { expect, test } from '@playwright/test';
import { newPerson } from '../support/auth.ts';

test.describe('onboarding in Korean', () => {
  test('a new person signs in with the Korean interface, sets up a prefilled profile and English, and is welcomed on the dashboard', async ({
    page,
  }) => {
    const person = newPerson('onboarding-ko');
    const profileName = '김민지';

    // ?lang=ko picks the interface language on the first visit; it is then kept in localStorage.
    await page.goto('/auth/signin?lang=ko');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await page.getByRole('button', { name: 'Google로 계속하기' }).click();
    await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Name').fill(person.name);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 1: the profile.
    await expect(page).toHaveURL(/\/onboarding(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: '프로필 설정' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '자기소개를 해 주세요' })).toBeVisible();
    await expect(page.getByText('이 정보는 나중에 설정에서 수정할 수 있습니다.')).toBeVisible();

    // The name the provider gave is already filled in; the person may change it.
    await expect(page.getByLabel('이름', { exact: true })).toHaveValue(person.name);

    // An empty form is refused field by field, in Korean.
    await page.getByLabel('이름', { exact: true }).fill('');
    await page.getByRole('button', { name: '계속' }).click();
    await expect(page.getByText('이름을 입력해 주세요')).toBeVisible();
    await expect(page.getByText('국가를 선택해 주세요')).toBeVisible();

    await page.getByLabel('이름', { exact: true }).fill(profileName);
    await expect(page.getByText('이름을 입력해 주세요')).toHaveCount(0);
    await page.getByText('여성', { exact: true }).click();
    await page.getByLabel('생년월일').fill('1998-04-12');
    const country = page.getByRole('combobox', { name: '국가' });
    await country.fill('대한민');
    await expect(page.getByRole('option', { name: /대한민국/ })).toBeVisible();
    // The everyday name and the English one find it too, first in the list.
    await country.fill('korea');
    await expect(page.getByRole('option').first()).toHaveText(/대한민국/);
    await country.fill('한국');
    await expect(page.getByRole('option').first()).toHaveText(/대한민국/);
    await country.press('Enter');
    await expect(country).toHaveValue('대한민국');
    await page.getByRole('button', { name: '계속' }).click();

    // Step 2: the language, B1 unless changed. Focus starts at the new step's heading.
    const languageHeading = page.getByRole('heading', { name: '연습할 언어를 선택하세요' });
    await expect(languageHeading).toBeVisible();
    await expect(languageHeading).toBeFocused();
    const complete = page.getByRole('button', { name: '설정 완료' });
    await expect(complete).toBeDisabled();
    await expect(page.getByRole('radio', { name: /B1/ })).toBeChecked();
    await page.getByText('English', { exact: true }).click();
    await expect(complete).toBeEnabled();
    await complete.click();

    await expect(page).toHaveURL(/\/dashboard$/);
    // A person who has just joined is welcomed, not welcomed back.
    await expect(page.getByRole('heading', { name: `${profileName}님, 환영해요!` })).toBeVisible();
    await expect(page.getByText('다시 오신 걸 환영해요')).toHaveCount(0);
    await expect(page.getByRole('link', { name: '세션 시작' })).toHaveAttribute('href', '/search');
    await expect(page.getByText('아직 세션이 없습니다')).toBeVisible();
  });
});
